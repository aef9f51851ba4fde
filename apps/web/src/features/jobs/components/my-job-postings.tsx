import { DEFAULT_TIMEZONE, dateKeyIn, type JobPost, type JobPostInput } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { JobSummary } from '@/components/jobs/job-summary';
import { PendingChange } from '@/components/jobs/pending-change';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { addressText, closingDayOf, statusLabels } from '@/lib/jobs/job-text';
import { useJobPostActions } from '../api/job-post-actions';
import { myJobPostsQueryOptions } from '../api/job-posts';
import { JobForm, type JobFormIntent } from './job-form';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** /profile/job-postings: the member's posts in every status, to write, send, edit, close, delete. */
export function MyJobPostings() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="My Job Postings"
        description={
          <>
            Openings at your business, shown on the{' '}
            <Link to={paths.jobPostings.href()} className="text-primary underline">
              Job Postings
            </Link>{' '}
            page until their closing date.
          </>
        }
      />
      <PageBody>
        {user?.contactId ? (
          <MyPosts viewer={user.id} />
        ) : (
          <p className="text-lg">
            Job postings are for member businesses. Your sign-in is not linked to a business in the
            directory.
          </p>
        )}
      </PageBody>
    </>
  );
}

function MyPosts({ viewer }: { viewer: string }) {
  const { location } = useChamber();
  const today = dateKeyIn(new Date(), location?.timezone ?? DEFAULT_TIMEZONE);
  const query = useQuery(myJobPostsQueryOptions(viewer));
  const { save, submit, close, reopen, remove } = useJobPostActions();
  const [editing, setEditing] = useState<JobPost | 'new' | null>(null);
  const [deleting, setDeleting] = useState<JobPost | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  if (query.isError) {
    return (
      <Card role="alert" className="max-w-xl items-start px-6">
        <p className="text-lg font-semibold">{query.error.message}</p>
        <Button type="button" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  if (!query.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  const { jobPosts, mayPost, publishesDirectly } = query.data;
  // The business's address as its posts carry it; a first post names the listing instead.
  const address =
    addressText(jobPosts.find((job) => job.location)?.location ?? null) ??
    'at the address on your listing';

  const done = () => {
    save.reset();
    submit.reset();
    setEditing(null);
  };
  const send = (job: JobPost | null, input: JobPostInput, intent: JobFormIntent) => {
    save.mutate(
      { id: job?.id ?? null, input },
      {
        onSuccess: (saved) => {
          if (intent === 'submit') submit.mutate(saved.id, { onSuccess: done });
          else done();
        },
      },
    );
  };
  const formError = save.isError
    ? messageOf(save.error, 'Failed to save the job posting')
    : submit.isError
      ? messageOf(submit.error, 'Failed to submit the job posting')
      : null;
  const act = (mutation: typeof submit, job: JobPost) => {
    setActionError(null);
    mutation.mutate(job.id, {
      onError: (error) => setActionError(messageOf(error, 'Failed to save the job posting')),
    });
  };
  const form = (job: JobPost | null) => (
    <JobForm
      job={job}
      today={today}
      address={address}
      publishesDirectly={publishesDirectly}
      pending={save.isPending || submit.isPending}
      error={formError}
      onSubmit={(input, intent) => send(job, input, intent)}
      onCancel={done}
    />
  );

  return (
    <div className="grid max-w-4xl gap-6">
      {!mayPost ? (
        <Card role="status" className="items-start px-6">
          <p className="text-lg font-semibold">Posting jobs takes an active membership.</p>
          <p className="text-muted-foreground">
            Your business's membership is not active, so new postings cannot be made or sent. Renew
            it to post jobs again.
          </p>
          <Button asChild>
            <Link to={paths.membership.href()}>My Membership</Link>
          </Button>
        </Card>
      ) : editing === 'new' ? (
        form(null)
      ) : (
        <Button
          type="button"
          className="justify-self-start"
          onClick={() => {
            setActionError(null);
            setEditing('new');
          }}
        >
          <PlusIcon aria-hidden="true" />
          Post a Job
        </Button>
      )}
      {actionError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {actionError}
        </p>
      ) : null}
      {jobPosts.length === 0 ? (
        <p className="text-muted-foreground">You have no job postings yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="My job postings">
          {jobPosts.map((job) =>
            editing !== null && editing !== 'new' && editing.id === job.id ? (
              <li key={job.id} className="min-w-0">
                {form(job)}
              </li>
            ) : (
              <li key={job.id} className="min-w-0">
                <JobSummary job={job}>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant={job.status === 'rejected' ? 'destructive' : 'outline'}>
                      {statusLabels[job.status]}
                    </Badge>
                    <span className="text-muted-foreground">
                      Closes {closingDayOf(job.closesOn)}
                    </span>
                  </div>
                  {job.pendingChange ? (
                    <div className="grid gap-2">
                      <p className="text-sm font-medium">
                        Your changes are waiting for approval. The job board shows the posting as it
                        is until the chamber's staff approve them.
                      </p>
                      <PendingChange job={job} caption="Your changes" />
                    </div>
                  ) : null}
                  {job.status === 'rejected' && job.rejectionReason ? (
                    <p className="text-sm">
                      <span className="font-medium">Staff's reason: </span>
                      {job.rejectionReason}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2 pt-2">
                    {job.status === 'closed' || job.status === 'expired' ? null : (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setActionError(null);
                          setEditing(job);
                        }}
                      >
                        Edit
                      </Button>
                    )}
                    {mayPost && (job.status === 'draft' || job.status === 'rejected') ? (
                      <Button
                        type="button"
                        size="sm"
                        disabled={submit.isPending}
                        onClick={() => act(submit, job)}
                      >
                        {publishesDirectly ? 'Publish' : 'Submit for Approval'}
                      </Button>
                    ) : null}
                    {job.status === 'approved' || job.status === 'pending' ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={close.isPending}
                        onClick={() => act(close, job)}
                      >
                        Close
                      </Button>
                    ) : null}
                    {mayPost && job.status === 'closed' ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={reopen.isPending}
                        onClick={() => act(reopen, job)}
                      >
                        Reopen
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setDeleting(job)}
                    >
                      Delete
                    </Button>
                  </div>
                </JobSummary>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        noun="Job Posting"
        description={
          <>Delete “{deleting?.title}” for good? It leaves the Job Postings page at once.</>
        }
        pending={remove.isPending}
        error={remove.isError ? messageOf(remove.error, 'Failed to delete the job posting') : null}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
      />
    </div>
  );
}
