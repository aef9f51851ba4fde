import { ExternalLinkIcon, GraduationCapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

/**
 * Courses run on the chamber's own learning site when it names one in Settings; without one
 * the page stays the spec's placeholder.
 */
export function Component() {
  useMetaDescription('Discounted education courses for chamber members.');
  const { location, locationError, name } = useChamber();
  // Wait for the record rather than show the placeholder and swap it for the link.
  if (!location && !locationError) return <CoursesLoading />;
  const coursesUrl = location?.coursesUrl ?? '';
  return coursesUrl ? <CoursesOnLearningSite url={coursesUrl} chamber={name} /> : <Placeholder />;
}

function CoursesCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex max-w-2xl gap-4 rounded-2xl border bg-card p-6 shadow-sm">
      <GraduationCapIcon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid min-w-0 justify-items-start gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}

function Placeholder() {
  return (
    <PlaceholderPage
      title="Courses"
      line="Discounted education courses for members, offered quarterly. The course catalogue opens here soon."
    >
      <CoursesCard title="The next courses">
        <p className="text-muted-foreground">
          Until the catalogue is online, upcoming courses are announced in the newsletter and on the
          event calendar.
        </p>
        <Button asChild>
          <Link to={paths.calendar.href()}>See the calendar</Link>
        </Button>
      </CoursesCard>
    </PlaceholderPage>
  );
}

/** The address's host, shown so people know where the link takes them. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function CoursesOnLearningSite({ url, chamber }: { url: string; chamber: string }) {
  return (
    <>
      <PageHeader
        title="Courses"
        description="Discounted education courses for members, offered quarterly on the chamber’s learning site."
      />
      <PageBody>
        <CoursesCard title="Our learning site">
          <p className="text-muted-foreground">
            The course catalogue, dates and sign-up of {chamber} are on its learning site,{' '}
            <span className="font-medium text-foreground">{hostOf(url)}</span>.
          </p>
          <Button asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Go to the courses
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </CoursesCard>
      </PageBody>
    </>
  );
}

function CoursesLoading() {
  return (
    <>
      <PageHeader title="Courses" />
      <PageBody>
        <p role="status" className="sr-only">
          Loading the courses
        </p>
        <Skeleton className="h-44 max-w-2xl rounded-2xl" />
      </PageBody>
    </>
  );
}
