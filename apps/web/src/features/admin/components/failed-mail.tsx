import type { OutboxMail } from '@chamber/contract';
import { MailCheckIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useFailedMail, useRetryMail } from '../api/mail';
import { failureMessage } from '../lib/errors';
import { formatDateTime } from '../lib/labels';
import { Pager } from './pager';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';

/** What each kind of mail is, for a mail that failed before it could be composed. */
const kindLabels: Record<string, string> = {
  registration: 'Registration confirmation',
  'series-registration': 'Series registration',
  'seat-offer': 'Seats offered',
  'ticket-paid': 'Paid ticket confirmation',
  invoice: 'Invoice',
  receipt: 'Receipt',
};
const kindLabel = (kind: string) => kindLabels[kind] ?? kind;

/**
 * Mail tab: outgoing mail the portal gave up on (after its last attempt, or refused for good
 * by the mail server), newest first, each with a Retry that puts it back in line. How many
 * mails still wait to go out is said above the list.
 */
export function FailedMail() {
  const [page, setPage] = useState(0);
  const query = useFailedMail(page);
  const data = query.data;

  return (
    <div className="grid gap-6">
      <h2 className="text-lg font-semibold">Mail that failed</h2>
      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading the mail that failed" count={3} className="h-28" />
      ) : (
        <>
          <p className="text-muted-foreground">
            {data.counts.waiting === 0
              ? 'No mail is waiting to go out.'
              : `${data.counts.waiting} ${data.counts.waiting === 1 ? 'mail is' : 'mails are'} waiting to go out.`}
          </p>
          {data.mails.length === 0 ? (
            <TabEmpty icon={MailCheckIcon} title="No mail has failed.">
              <p className="text-muted-foreground">
                A mail the portal could not send after its last attempt will be listed here.
              </p>
            </TabEmpty>
          ) : (
            <>
              <TabList
                label="Mail that failed"
                items={data.mails}
                busy={query.isPlaceholderData}
                render={(mail) => <FailedMailItem mail={mail} />}
              />
              <Pager
                page={page}
                count={data.mails.length}
                total={data.pagination.total}
                hasMore={data.pagination.hasMore}
                noun={['mail', 'mails']}
                label="Failed mail pages"
                onPage={setPage}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

function FailedMailItem({ mail }: { mail: OutboxMail }) {
  const retry = useRetryMail();
  const title = mail.subject ?? kindLabel(mail.kind);

  async function onRetry() {
    try {
      const answer = await retry.mutateAsync(mail.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, 'Failed to retry the mail'));
    }
  }

  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold">{title}</h3>
        <p className="text-muted-foreground">
          Queued <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
        </p>
      </header>
      <dl className="grid gap-1.5 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">To</dt>
        <dd className="break-all text-muted-foreground">{mail.recipient ?? 'Not composed yet'}</dd>
        <dt className="font-medium">Kind</dt>
        <dd className="text-muted-foreground">{kindLabel(mail.kind)}</dd>
        <dt className="font-medium">Tries</dt>
        <dd className="text-muted-foreground">{mail.attempts}</dd>
        <dt className="font-medium">Last error</dt>
        <dd className="text-muted-foreground">{mail.lastError ?? 'None recorded'}</dd>
      </dl>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          onClick={() => void onRetry()}
          aria-label={`Retry: ${title}${mail.recipient ? ` to ${mail.recipient}` : ''}`}
        >
          <RotateCcwIcon aria-hidden="true" />
          Retry
        </Button>
      </div>
    </article>
  );
}
