import { GraduationCapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Discounted education courses for chamber members.');
  return (
    <PlaceholderPage
      title="Courses"
      line="Discounted education courses for members, offered quarterly. The course catalogue opens here soon."
    >
      <div className="flex max-w-2xl gap-4 rounded-2xl border bg-card p-6 shadow-sm">
        <GraduationCapIcon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid justify-items-start gap-3">
          <h2 className="text-lg font-semibold">The next courses</h2>
          <p className="text-muted-foreground">
            Until the catalogue is online, upcoming courses are announced in the newsletter and on
            the event calendar.
          </p>
          <Button asChild>
            <Link to={paths.calendar.href()}>See the calendar</Link>
          </Button>
        </div>
      </div>
    </PlaceholderPage>
  );
}
