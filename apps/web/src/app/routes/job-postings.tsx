import { JobBoard } from '@/features/jobs/components/job-board';
import { SponsorStrip } from '@/features/sponsorships/components/sponsor-strip';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Job openings at member businesses of the chamber.');
  return (
    <>
      <JobBoard />
      <SponsorStrip slot="jobs" className="pb-8" />
    </>
  );
}
