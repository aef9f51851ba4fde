import { jobPostStatuses, type JobPost, type JobPostStatus } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusinessIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { JobDescription } from '@/components/jobs/job-description';
import { JobSummary } from '@/components/jobs/job-summary';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { closingDayOf, statusLabels } from '@/lib/jobs/job-text';
import { jobQueueQueryOptions, useJobPostDecisions } from '../api/job-posts';
import { failureMessage } from '../lib/errors';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';

/** What the last decision came to: the server's answer, good or bad. */

/** Job Postings tab: staff's queue, the posts waiting first; approve, or send back with a reason. */
export function JobPostingsQueue() {
  const [status, setStatus] = useState<JobPostStatus>('pending');
  const query = useQuery(jobQueueQueryOptions(status));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const data = query.data;
  const counts = data?.counts;
  const options = jobPostStatuses.map((value) => ({
    value,
    label: counts ? `${statusLabels[value]} (${counts[value] ?? 0})` : statusLabels[value],
  }));

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Job Postings</h2>
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-end sm:justify-between">
        <div className="grid gap-1 sm:max-w-md">
          <p className="font-semibold">
            {counts ? `${counts.pending ?? 0} waiting for approval` : 'Job postings'}
          </p>
          <p className="text-sm text-muted-foreground">
            Members’ job postings go on the Job Postings page once approved. A posting sent back
            goes to its poster with your reason.
          </p>
        </div>
        <LabelledSelect
          label="Show"
          value={status}
          options={options}
          onValueChange={(value) => {
            setOutcome(null);
            setStatus(value as JobPostStatus);
          }}
          className="sm:w-64"
        />
      </div>
      <OutcomeMessage outcome={outcome} />

      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading job postings" count={2} className="h-40" />
      ) : data.jobPosts.length === 0 ? (
        <TabEmpty
          icon={BriefcaseBusinessIcon}
          title={
            status === 'pending'
              ? 'No job postings are waiting for approval.'
              : `No job postings: ${statusLabels[status].toLowerCase()}.`
          }
        />
      ) : (
        <TabList
          label="Job postings"
          items={data.jobPosts}
          busy={query.isFetching}
          render={(job) => <QueueItem job={job} onOutcome={setOutcome} />}
        />
      )}
    </div>
  );
}

function QueueItem({
  job,
  onOutcome,
}: {
  job: JobPost;
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const id = useId();
  const { approve, reject } = useJobPostDecisions();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);

  const onApprove = () => {
    onOutcome(null);
    approve.mutate(job.id, {
      onSuccess: (post) =>
        onOutcome({ ok: true, text: `Approved “${post.title}”: it is on the job board.` }),
      onError: (error) =>
        onOutcome({ ok: false, text: failureMessage(error, 'Failed to approve the job posting') }),
    });
  };
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setRejectError('Say why, for the poster.');
      return;
    }
    setRejectError(null);
    onOutcome(null);
    reject.mutate(
      { id: job.id, reason },
      {
        onSuccess: (post) =>
          onOutcome({
            ok: true,
            text: `Sent “${post.title}” back to its poster with your reason.`,
          }),
        onError: (error) =>
          setRejectError(failureMessage(error, 'Failed to send the job posting back')),
      },
    );
  };

  return (
    <JobSummary job={job} linked={false}>
      <p className="text-sm text-muted-foreground">Closes {closingDayOf(job.closesOn)}</p>
      {job.rejectionReason ? (
        <p className="text-sm">
          <span className="font-medium">Reason given: </span>
          {job.rejectionReason}
        </p>
      ) : null}
      <details className="rounded-lg border bg-surface px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">Description</summary>
        <div className="pt-2">
          <JobDescription text={job.description} />
        </div>
      </details>
      {job.status === 'pending' ? (
        rejecting ? (
          <form onSubmit={onReject} className="grid gap-2" aria-label={`Send back ${job.title}`}>
            <Label htmlFor={`${id}-reason`}>Reason for the poster</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              rows={3}
              aria-invalid={rejectError ? true : undefined}
            />
            {rejectError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {rejectError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" disabled={reject.isPending}>
                Send Back
              </Button>
              <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button type="button" disabled={approve.isPending} onClick={onApprove}>
              Approve
            </Button>
            <Button type="button" variant="outline" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </div>
        )
      ) : null}
    </JobSummary>
  );
}
