import { jobPostQueueLists, type JobPost, type JobPostQueueList } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusinessIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { JobDescription } from '@/components/jobs/job-description';
import { JobSummary } from '@/components/jobs/job-summary';
import { PendingChange } from '@/components/jobs/pending-change';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { closingDayOf, statusLabels } from '@/lib/jobs/job-text';
import { jobQueueQueryOptions, useJobPostDecisions } from '../api/job-posts';
import { failureMessage } from '../lib/errors';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';

/** The queue's lists: each status, and the live posts whose poster's change waits. */
const listLabels: Record<JobPostQueueList, string> = {
  ...statusLabels,
  changes: 'Changes waiting',
};

/**
 * Job Postings tab: staff's queue, the posts waiting first; approve, or send back with a
 * reason. 'Changes waiting': live posts whose poster's change waits, before and after.
 */
export function JobPostingsQueue() {
  const [status, setStatus] = useState<JobPostQueueList>('pending');
  const query = useQuery(jobQueueQueryOptions(status));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const data = query.data;
  const counts = data?.counts;
  const options = jobPostQueueLists.map((value) => ({
    value,
    label: data
      ? `${listLabels[value]} (${value === 'changes' ? data.changesWaiting : (data.counts[value] ?? 0)})`
      : listLabels[value],
  }));

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Job Postings</h2>
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-end sm:justify-between">
        <div className="grid gap-1 sm:max-w-md">
          <p className="font-semibold">
            {counts && data
              ? `${counts.pending ?? 0} waiting for approval, ${data.changesWaiting} with changes waiting`
              : 'Job postings'}
          </p>
          <p className="text-sm text-muted-foreground">
            Members’ job postings go on the Job Postings page once approved. A member’s changes to a
            posting on the board wait under Changes waiting; the board shows the posting as it was
            until you approve them. A posting or change sent back goes to its poster with your
            reason.
          </p>
        </div>
        <LabelledSelect
          label="Show"
          value={status}
          options={options}
          onValueChange={(value) => {
            setOutcome(null);
            setStatus(value as JobPostQueueList);
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
              : status === 'changes'
                ? 'No changes to job postings are waiting for approval.'
                : `No job postings: ${listLabels[status].toLowerCase()}.`
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
  const decisions = useJobPostDecisions();
  // A live post's waiting change is decided on its own; the live text stays until approved.
  const ofChange = job.status === 'approved' && job.pendingChange !== null;
  const approve = ofChange ? decisions.approveChange : decisions.approve;
  const reject = ofChange ? decisions.rejectChange : decisions.reject;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);

  const onApprove = () => {
    onOutcome(null);
    approve.mutate(job.id, {
      onSuccess: (post) =>
        onOutcome({
          ok: true,
          text: ofChange
            ? `Approved the changes to “${post.title}”: the job board shows them.`
            : `Approved “${post.title}”: it is on the job board.`,
        }),
      onError: (error) =>
        onOutcome({
          ok: false,
          text: failureMessage(
            error,
            ofChange ? 'Failed to approve the changes' : 'Failed to approve the job posting',
          ),
        }),
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
            text: ofChange
              ? `Turned down the changes to “${post.title}”: it stays as it was; its poster has your reason.`
              : `Sent “${post.title}” back to its poster with your reason.`,
          }),
        onError: (error) =>
          setRejectError(
            failureMessage(
              error,
              ofChange ? 'Failed to turn the changes down' : 'Failed to send the job posting back',
            ),
          ),
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
      {ofChange ? <PendingChange job={job} caption="Changes waiting for approval" /> : null}
      {job.status === 'pending' || ofChange ? (
        rejecting ? (
          <form
            onSubmit={onReject}
            className="grid gap-2"
            aria-label={
              ofChange ? `Turn down the changes to ${job.title}` : `Send back ${job.title}`
            }
          >
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
              {ofChange ? 'Approve Changes' : 'Approve'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setRejecting(true)}>
              {ofChange ? 'Reject Changes' : 'Reject'}
            </Button>
          </div>
        )
      ) : null}
    </JobSummary>
  );
}
