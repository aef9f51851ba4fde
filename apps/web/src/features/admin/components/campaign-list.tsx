import { type CampaignListItem, DEFAULT_TIMEZONE } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ListTable } from './list-table';
import { useChamber } from '@/lib/chamber/use-chamber';
import { campaignListQueryOptions } from '../api/campaign-queries';
import { campaignStateLabels } from '../lib/campaign-controls';
import { atText, topicLabels } from '../lib/campaign-format';

/** When a campaign went or goes out, as the list says it. */
export function whenText(c: CampaignListItem, timeZone: string): string {
  switch (c.state) {
    case 'scheduled':
      return c.scheduledAt ? `For ${atText(c.scheduledAt, timeZone)}` : '—';
    case 'sent':
    case 'cancelled':
      return c.finishedAt ? atText(c.finishedAt, timeZone) : '—';
    case 'sending':
    case 'paused':
      return c.startedAt ? `Since ${atText(c.startedAt, timeZone)}` : '—';
    case 'draft':
      return 'Not sent';
  }
}

const recipientsCell = (c: CampaignListItem) =>
  c.recipients.total === 0 ? '—' : `${c.recipients.sent} / ${c.recipients.total}`;

/**
 * Staff's messages, newest first: subject (opening the message), topic, state, when it went
 * or goes out, and recipients sent of listed; "New message" opens the compose page.
 */
export function CampaignList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const query = useQuery(campaignListQueryOptions());
  const { location } = useChamber();
  const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const subject = (c: CampaignListItem) => (
    <Link
      className="font-medium text-primary underline-offset-4 hover:underline"
      to={paths.campaign.href(c.id)}
    >
      {c.subject}
    </Link>
  );
  const state = (c: CampaignListItem) => (
    <Badge variant={c.state === 'draft' ? 'outline' : 'secondary'}>
      {campaignStateLabels[c.state]}
    </Badge>
  );

  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-xl font-semibold">
          Messages
        </Heading>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={paths.noBulkMail.href()}>Addresses that get no bulk mail</Link>
          </Button>
          <Button asChild>
            <Link to={paths.adminCampaignNew.href()}>
              <PlusIcon aria-hidden="true" />
              New message
            </Link>
          </Button>
        </div>
      </div>
      {query.error ? (
        <p role="alert">{query.error.message}</p>
      ) : !query.data ? (
        <p role="status">Loading the messages…</p>
      ) : query.data.campaigns.length === 0 ? (
        <div className="grid justify-items-start gap-2 rounded-xl border border-dashed p-6">
          <p className="font-medium">No messages yet.</p>
          <p className="text-sm text-muted-foreground">
            Write a newsletter or an announcement with New message, choose who gets it, then send it
            now or schedule it.
          </p>
        </div>
      ) : (
        <ListTable
          label="Messages"
          rows={query.data.campaigns}
          rowKey={(c) => c.id}
          stale={false}
          cardClassName="gap-2"
          columns={[
            { header: 'Subject', cell: subject, cellClassName: 'max-w-xs' },
            { header: 'Topic', cell: (c) => topicLabels[c.topic] },
            { header: 'State', cell: state },
            { header: 'Sent or scheduled', cell: (c) => whenText(c, timeZone) },
            { header: 'Recipients (sent / total)', cell: recipientsCell, end: true },
          ]}
          card={(c) => (
            <>
              <div>{subject(c)}</div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {state(c)}
                <span>{topicLabels[c.topic]}</span>
              </div>
              <p className="text-sm text-muted-foreground">{whenText(c, timeZone)}</p>
              <p className="text-sm">Recipients sent / total: {recipientsCell(c)}</p>
            </>
          )}
        />
      )}
    </section>
  );
}
