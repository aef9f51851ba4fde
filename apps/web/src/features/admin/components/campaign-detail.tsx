import { type Campaign, DEFAULT_TIMEZONE } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { getCalendarEvents } from '@/lib/api/calendar-events';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useAudiencePreview,
  useCampaign,
  useSaveAudience,
  useSetPublic,
} from '../api/campaign-queries';
import {
  type DraftSegment,
  describeSegment,
  fromAudience,
  sameAudience,
  toAudience,
} from '../lib/audience';
import { campaignControls, campaignStateLabels } from '../lib/campaign-controls';
import { eventChoices, eventWindows } from '../lib/event-choices';
import { atText, contentText, recipientsText, topicLabels } from '../lib/campaign-format';
import { AudienceBuilder } from './audience-builder';
import { CampaignEngagement } from './campaign-engagement';
import { ProgressPanel } from './progress-panel';
import { SendPanel } from './send-panel';

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Try again.';

/**
 * /admin/communications/{id}: a campaign's audience (built and counted live while it is a
 * draft or scheduled), its send now or at a time, its progress while it sends (polled) with
 * pause, resume and cancel, and its counts per recipient state once it is done.
 */
export function CampaignDetail({ id }: { id: string }) {
  const query = useCampaign(id);
  if (query.error) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? 'Message not found' : 'Message'} />
        <PageBody className="grid gap-4">
          <p role="alert">{missing ? 'There is no such message.' : query.error.message}</p>
          <BackLink />
        </PageBody>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <PageHeader title="Message" />
        <PageBody>
          <p role="status">Loading the message…</p>
        </PageBody>
      </>
    );
  }
  return <CampaignScreen key={query.data.id} campaign={query.data} />;
}

function BackLink() {
  return (
    <Button asChild variant="outline" className="w-fit">
      <Link to={paths.communications.href()}>All messages</Link>
    </Button>
  );
}

function CampaignScreen({ campaign }: { campaign: Campaign }) {
  const { location, config } = useChamber();
  const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
  const plans = useQuery(membershipPlansQueryOptions());
  const planList = useMemo(() => plans.data ?? [], [plans.data]);
  const planOrder = useMemo(() => planList.map((p) => p.id), [planList]);
  const calendarId = config?.calendarId ?? '';
  const [mountedAt] = useState(() => new Date());
  const windows = eventWindows(mountedAt, timeZone);
  const events = useQuery({
    queryKey: ['campaigns', 'event-choices', calendarId, ...windows.map((w) => w.startDate)],
    // One answer per window, side by side; an event in both (over midnight) is listed once.
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        windows.map((w) => getCalendarEvents({ calendarId, ...w }, signal)),
      );
      return lists.flatMap((list) => list.events);
    },
    enabled: calendarId !== '',
    select: eventChoices,
    staleTime: 60_000,
  });

  // The builder's rows: the saved audience until staff change it.
  const saved = useMemo(() => fromAudience(campaign.audience), [campaign.audience]);
  const [draft, setDraft] = useState<DraftSegment[] | null>(null);
  const segments = draft ?? saved;
  const built = toAudience(segments, planOrder);
  const savedBuilt = toAudience(saved, planOrder);
  const dirty =
    draft !== null &&
    (!built.ok || !savedBuilt.ok || !sameAudience(built.audience, savedBuilt.audience));

  const audienceJson = built.ok ? JSON.stringify(built.audience) : null;
  const debounced = useDebouncedValue(audienceJson, 400);
  const editable = campaign.state === 'draft' || campaign.state === 'scheduled';
  const preview = useAudiencePreview(editable ? debounced : null, campaign.topic);
  const settled = debounced === audienceJson && !preview.isPlaceholderData;
  const count = built.ok && settled && preview.data ? preview.data.count : null;

  const controls = campaignControls(campaign.state, { count, dirty });
  const save = useSaveAudience(campaign);
  const [saveError, setSaveError] = useState<string | null>(null);

  const planName = (pid: string) => planList.find((p) => p.id === pid)?.name ?? 'a former plan';
  const eventName = (eid: string) =>
    events.data?.find((e) => e.id === eid)?.label ?? 'an event outside the dates listed';

  const when =
    campaign.state === 'scheduled' && campaign.scheduledAt
      ? `Scheduled for ${atText(campaign.scheduledAt, timeZone)}`
      : campaign.finishedAt && (campaign.state === 'sent' || campaign.state === 'cancelled')
        ? `${campaignStateLabels[campaign.state]} ${atText(campaign.finishedAt, timeZone)}`
        : campaign.startedAt
          ? `Started ${atText(campaign.startedAt, timeZone)}`
          : 'Not sent yet';

  return (
    <>
      <PageHeader
        title={campaign.subject}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={campaign.state === 'draft' ? 'outline' : 'secondary'}>
              {campaignStateLabels[campaign.state]}
            </Badge>
            <span>
              {topicLabels[campaign.topic]} · {when}
            </span>
          </span>
        }
      >
        <BackLink />
        {controls.editable ? (
          <Button asChild variant="outline">
            <Link to={paths.adminCampaignEdit.href(campaign.id)}>Edit message</Link>
          </Button>
        ) : null}
      </PageHeader>
      <PageBody className="grid gap-6">
        {controls.showsProgress || controls.showsReport ? (
          <ProgressPanel campaign={campaign} controls={controls} />
        ) : null}
        {controls.showsProgress || controls.showsReport ? (
          <CampaignEngagement campaign={campaign} />
        ) : null}

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Audience</h2>
            <CardDescription>Everyone in any of the groups gets the message once.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {editable ? (
              <>
                <AudienceBuilder
                  segments={segments}
                  onChange={(next) => {
                    setSaveError(null);
                    setDraft(next);
                  }}
                  plans={planList}
                  events={events.data ?? []}
                  eventsLoading={events.isPending && calendarId !== ''}
                />
                <RecipientCount
                  error={built.ok ? null : built.error}
                  count={count}
                  previewError={preview.error ? messageOf(preview.error) : null}
                  sample={built.ok && preview.data ? preview.data.sample : []}
                />
                <div className="flex flex-wrap items-center gap-3">
                  <Button
                    type="button"
                    disabled={!dirty || !built.ok || save.isPending}
                    onClick={() => {
                      if (!built.ok) return;
                      setSaveError(null);
                      save.mutate(built.audience, {
                        onSuccess: () => setDraft(null),
                        onError: (error) => setSaveError(messageOf(error)),
                      });
                    }}
                  >
                    {save.isPending ? 'Saving…' : 'Save audience'}
                  </Button>
                  {dirty ? (
                    <Button type="button" variant="outline" onClick={() => setDraft(null)}>
                      Undo changes
                    </Button>
                  ) : null}
                  {dirty ? (
                    <p className="text-sm text-muted-foreground">
                      The audience has unsaved changes.
                    </p>
                  ) : null}
                </div>
                {saveError ? (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {saveError}
                  </p>
                ) : null}
              </>
            ) : (
              <ul className="grid list-disc gap-1 pl-5 text-sm">
                {campaign.audience.segments.map((segment, i) => (
                  <li key={i}>{describeSegment(segment, planName, eventName)}</li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        {controls.offersSend ? (
          <SendPanel campaign={campaign} controls={controls} count={count} timeZone={timeZone} />
        ) : null}

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Message</h2>
            <CardDescription>
              {controls.editable
                ? 'The subject and text as they stand; change them with Edit message.'
                : 'As it was sent.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium">Subject</dt>
              <dd>{campaign.subject}</dd>
              <dt className="font-medium">Topic</dt>
              <dd>{topicLabels[campaign.topic]}</dd>
              <dt className="font-medium">Clicks</dt>
              <dd>
                {campaign.trackClicks
                  ? 'Counted: links lead through the portal.'
                  : 'Not counted: links go straight to their address.'}
              </dd>
              <dt className="font-medium">Archive</dt>
              <dd>
                <ArchiveChoice campaign={campaign} />
              </dd>
              <dt className="font-medium">Text</dt>
              <dd className="text-muted-foreground">
                {contentText(campaign.content) || 'No text yet.'}
              </dd>
            </dl>
            {controls.editable ? (
              <Button asChild variant="outline" className="w-fit">
                <Link to={paths.adminCampaignEdit.href(campaign.id)}>Edit message</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </PageBody>
    </>
  );
}

/**
 * Whether the message shows in the public news archive (/news) once sent: a tick staff change
 * while it is a draft or scheduled, and after it was sent (not while it is being sent).
 */
function ArchiveChoice({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const change = useSetPublic(campaign);
  const open = ['draft', 'scheduled', 'sent'].includes(campaign.state);
  const live = campaign.public && campaign.state === 'sent' && campaign.slug;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          className="mt-0.5"
          checked={campaign.public}
          disabled={!open || change.isPending}
          aria-describedby={`${id}-note`}
          onCheckedChange={(on) => change.mutate(on === true)}
        />
        <Label htmlFor={id} className="font-normal">
          Show in the public news archive
        </Label>
      </div>
      <p id={`${id}-note`} className="text-muted-foreground">
        {live ? (
          <>
            At{' '}
            <Link className="underline" to={paths.newsItem.href(campaign.slug!)}>
              {paths.newsItem.href(campaign.slug!)}
            </Link>
            , in the sitemap and the news feed.
          </>
        ) : campaign.public ? (
          'It appears at /news once it is sent.'
        ) : (
          'Only its recipients see it.'
        )}
      </p>
      {change.error ? (
        <p role="alert" className="text-destructive">
          {change.error instanceof ApiError ? change.error.message : 'Something went wrong.'}
        </p>
      ) : null}
    </div>
  );
}

/** "N recipients", the rule behind it, and a few of them; read out when it changes. */
function RecipientCount({
  error,
  count,
  previewError,
  sample,
}: {
  error: string | null;
  count: number | null;
  previewError: string | null;
  sample: { name: string; email: string }[];
}) {
  const id = useId();
  return (
    <div
      className="grid gap-1 rounded-lg bg-muted/50 p-4"
      aria-labelledby={`${id}-count`}
      role="group"
    >
      <p id={`${id}-count`} className="text-lg font-semibold" aria-live="polite">
        {error ??
          previewError ??
          (count === null ? 'Counting the recipients…' : recipientsText(count))}
      </p>
      <p className="text-sm text-muted-foreground">
        Unsubscribed and suppressed addresses and duplicates are removed.
      </p>
      {!error && count !== null && sample.length > 0 ? (
        <p className="text-sm">
          Among them: {sample.map((s) => s.name || s.email).join(', ')}
          {count > sample.length ? '…' : '.'}
        </p>
      ) : null}
    </div>
  );
}
