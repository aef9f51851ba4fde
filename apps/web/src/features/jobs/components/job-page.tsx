import { applyHref, type JobPost } from '@chamber/contract';
import { countApplyClick } from '@/lib/api/listing-counts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BriefcaseBusinessIcon, CalendarClockIcon, SearchXIcon, SendIcon } from 'lucide-react';
import { Link } from 'react-router';
import { JobDescription } from '@/components/jobs/job-description';
import { JobFacts } from '@/components/jobs/job-summary';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { MemberAvatar } from '@/components/members/member-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';
import { PendingChange } from '@/components/jobs/pending-change';
import { addressText, closingDayOf, statusLabels } from '@/lib/jobs/job-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { jobPostQueryOptions } from '../api/job-posts';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** /job-postings/{id}: one post, its business's card and 'Apply'. */
export function JobPage({ id }: { id: string }) {
  const { user, isLoading } = useAuth();
  const query = useQuery({
    ...jobPostQueryOptions(id, user?.id ?? null),
    enabled: !isLoading,
    // Over a server-rendered page a member's session arrives after the visitor's post is
    // drawn: it stays shown while the member's own answer loads, instead of a skeleton.
    placeholderData: keepPreviousData,
  });
  useDocumentTitle(query.data?.title ?? 'Job Posting');

  if (query.isError) {
    const status = statusOf(query.error);
    if (status === 404 || status === 400) {
      return (
        <JobMessage
          title="Job Posting Not Found"
          detail="The job posting you're looking for doesn't exist or has been removed."
        />
      );
    }
    if (status === 410) {
      return (
        <JobMessage
          icon={CalendarClockIcon}
          title="This job posting has closed"
          detail="It is no longer on the job board. See the openings that are."
        />
      );
    }
    return (
      <JobMessage
        title={query.error.message}
        detail="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-14 sm:px-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the job posting
        </p>
        <Skeleton className="h-10 w-2/3 rounded-lg" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  return <JobView job={query.data} />;
}

/** A post that cannot be shown: why, and the way back to the board. */
function JobMessage({
  icon: Icon = SearchXIcon,
  title,
  detail,
  onRetry,
}: {
  icon?: typeof SearchXIcon;
  title: string;
  detail: string;
  onRetry?: () => void;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Card role="alert" className="items-center px-6 text-center">
        <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted-foreground">{detail}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button type="button" onClick={onRetry}>
              Try Again
            </Button>
          ) : null}
          <Button asChild variant={onRetry ? 'outline' : 'default'}>
            <Link to={paths.jobPostings.href()}>Back to Job Postings</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

function JobView({ job }: { job: JobPost }) {
  const apply = applyHref(job.applyUrl);
  const address = job.workplace === 'remote' ? null : addressText(job.location);
  const [first = '', ...rest] = job.business.name.split(/\s+/);
  return (
    <>
      <PageHeader title={job.title} description={job.business.name}>
        <JobFacts job={job} />
      </PageHeader>
      <PageBody className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {job.status !== 'approved' ? (
            <p
              role="status"
              className="rounded-xl border border-dashed bg-surface px-4 py-3 text-sm font-medium"
            >
              Not on the job board: {statusLabels[job.status].toLowerCase()}. Only you and the
              chamber's staff see this page.
            </p>
          ) : null}
          {job.pendingChange ? (
            <div className="grid gap-2 rounded-xl border border-dashed bg-surface px-4 py-3">
              <p className="text-sm font-medium">
                Your changes are waiting for approval. The job board shows the posting as below
                until the chamber's staff approve them; only you and staff see this.
              </p>
              <PendingChange job={job} caption="Your changes" />
            </div>
          ) : null}
          <section aria-labelledby="job-description-title" className="grid gap-3">
            <h2 id="job-description-title" className="text-xl font-semibold">
              About the job
            </h2>
            <JobDescription text={job.description} />
          </section>
        </div>
        <aside className="grid gap-4" aria-label="Business and how to apply">
          <Card className="gap-4 px-5">
            <div className="flex min-w-0 items-center gap-3">
              <MemberAvatar
                src={job.business.avatar}
                firstName={first}
                lastName={rest.at(-1) ?? ''}
                alt={`${job.business.name} logo`}
                className="size-14"
              />
              <div className="grid min-w-0 gap-0.5">
                <p className="font-semibold">
                  <Link
                    to={paths.member.href(job.business.id)}
                    className="rounded-sm text-primary underline-offset-4 hover:underline"
                  >
                    {job.business.name}
                  </Link>
                </p>
                {job.business.tagline ? (
                  <p className="text-sm text-muted-foreground">{job.business.tagline}</p>
                ) : null}
              </div>
            </div>
            <dl className="grid gap-3 text-sm">
              {address ? (
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">Where</dt>
                  <dd>{address}</dd>
                </div>
              ) : null}
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Applications close</dt>
                <dd>{closingDayOf(job.closesOn)}</dd>
              </div>
            </dl>
            {apply ? (
              <Button asChild size="lg">
                <a
                  href={apply}
                  onClick={() => countApplyClick(job.id)}
                  {...(apply.startsWith('https:')
                    ? { target: '_blank', rel: 'noopener noreferrer' }
                    : {})}
                >
                  <SendIcon aria-hidden="true" />
                  Apply
                </a>
              </Button>
            ) : null}
            {job.status !== 'approved' ? (
              <Badge variant="outline" className="justify-self-start">
                {statusLabels[job.status]}
              </Badge>
            ) : null}
          </Card>
          <Button asChild variant="outline">
            <Link to={paths.jobPostings.href()}>
              <BriefcaseBusinessIcon aria-hidden="true" />
              All job postings
            </Link>
          </Button>
        </aside>
      </PageBody>
    </>
  );
}
