import type { JobPost } from '@chamber/contract';
import { BriefcaseBusinessIcon, CalendarIcon, MapPinIcon, WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { dayOf, payText, placeText, typeText } from '@/lib/jobs/job-text';

/** One fact of a post, with its icon. */
function Fact({ icon: Icon, children }: { icon: typeof MapPinIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** Type, place, pay (when given) and the day it went on the board. */
export function JobFacts({ job }: { job: JobPost }) {
  const pay = payText(job);
  const timeZone = useChamber().location?.timezone;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <Fact icon={BriefcaseBusinessIcon}>{typeText(job)}</Fact>
      <Fact icon={MapPinIcon}>{placeText(job)}</Fact>
      {pay ? <Fact icon={WalletIcon}>{pay}</Fact> : null}
      {job.postedAt ? (
        <Fact icon={CalendarIcon}>Posted {dayOf(job.postedAt, timeZone)}</Fact>
      ) : null}
    </ul>
  );
}

/**
 * A post in a list: its title (linking to its page), the business and its facts.
 * `headingLevel` keeps the page's heading order (h2 on the board, h3 on the home page).
 */
export function JobSummary({
  job,
  headingLevel = 2,
  linked = true,
  children,
}: {
  job: JobPost;
  headingLevel?: 2 | 3;
  /** Whether the title links to the post's page (only open posts have a public one). */
  linked?: boolean;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="grid h-full min-w-0 content-start gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
      <Heading className="text-lg leading-snug font-semibold">
        {linked ? (
          <Link
            to={paths.jobPosting.href(job.id)}
            className="rounded-sm text-primary underline-offset-4 hover:underline"
          >
            {job.title}
          </Link>
        ) : (
          job.title
        )}
      </Heading>
      <p className="min-w-0 text-sm font-medium">{job.business.name}</p>
      <JobFacts job={job} />
      {children}
    </article>
  );
}
