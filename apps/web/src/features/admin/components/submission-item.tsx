import type { Submission, SubmissionKind } from '@chamber/contract';
import { AwardIcon, MailIcon, MailWarningIcon, StarIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useChamber } from '@/lib/chamber/use-chamber';
import { formatDateTime } from '../lib/labels';
import { replyHref, submissionKindLabels, telHref } from '../lib/submissions';

const kindIcons: Record<SubmissionKind, LucideIcon> = {
  contact: MailIcon,
  business_of_month: AwardIcon,
  customer_service: StarIcon,
};

const linkClass =
  'rounded-sm font-medium break-all text-primary underline-offset-2 hover:underline';

/** One message from a native form: when, which form, who sent it, and what they wrote. */
export function SubmissionItem({ submission }: { submission: Submission }) {
  const { shortName } = useChamber();
  const Icon = kindIcons[submission.kind];
  const nominee = [submission.nominee, submission.nomineeBusiness].filter(Boolean).join(', ');

  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <Badge variant="secondary">
            <Icon className="size-3.5" aria-hidden="true" />
            {submissionKindLabels[submission.kind]}
          </Badge>
          <h3 className="min-w-0 font-semibold">{submission.name}</h3>
        </div>
        <p className="text-muted-foreground">
          <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
        </p>
      </header>
      <dl className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="min-w-0">
          <a href={replyHref(submission, shortName)} className={linkClass}>
            {submission.email}
          </a>
        </dd>
        {submission.phone ? (
          <>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>
              <a href={telHref(submission.phone)} className={linkClass}>
                {submission.phone}
              </a>
            </dd>
          </>
        ) : null}
        {nominee ? (
          <>
            <dt className="text-muted-foreground">Nominee</dt>
            <dd className="font-medium">{nominee}</dd>
          </>
        ) : null}
      </dl>
      <p className="rounded-lg bg-muted/60 px-3 py-2 whitespace-pre-wrap">{submission.message}</p>
      {submission.mailed ? null : (
        <p className="flex w-fit items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-2.5 py-1 font-medium text-destructive">
          <MailWarningIcon className="size-4 shrink-0" aria-hidden="true" />
          Not mailed — reply from here
        </p>
      )}
    </article>
  );
}
