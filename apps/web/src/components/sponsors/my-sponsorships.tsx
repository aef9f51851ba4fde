import { useQuery } from '@tanstack/react-query';
import { sponsorsQueryOptions } from '@/lib/api/sponsors';
import { SponsorsPanel } from './sponsors-panel';

/** On /account: the sponsorships of the caller's businesses, with their logo, link and report. */
export function MySponsorships() {
  const mine = useQuery(sponsorsQueryOptions(false));
  if (!mine.data?.length) return null;
  return (
    <section
      aria-labelledby="account-sponsorships"
      className="bg-card grid gap-4 rounded-xl border p-6"
    >
      <h2 id="account-sponsorships" className="text-lg font-semibold">
        Your sponsorships
      </h2>
      <SponsorsPanel staff={false} />
    </section>
  );
}
