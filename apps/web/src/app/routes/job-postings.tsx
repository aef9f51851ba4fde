import { BriefcaseBusinessIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Job openings at member businesses of the chamber.');
  return (
    <PlaceholderPage
      title="Job Postings"
      line="Job openings at member businesses will be listed here soon."
    >
      <div className="flex max-w-2xl gap-4 rounded-2xl border bg-card p-6 shadow-sm">
        <BriefcaseBusinessIcon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid justify-items-start gap-3">
          <h2 className="text-lg font-semibold">Hiring now?</h2>
          <p className="text-muted-foreground">
            Members can send us an opening and we will share it with the chamber community in the
            meantime. Looking for work? The member directory lists the businesses near you.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.contact.href()}>Send us an opening</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.members.href()}>Browse members</Link>
            </Button>
          </div>
        </div>
      </div>
    </PlaceholderPage>
  );
}
