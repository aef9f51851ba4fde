import type { Campaign, CampaignPreview as Preview, MailTopic } from '@chamber/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { Skeleton } from '@/components/ui/skeleton';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  DEFAULT_AUDIENCE,
  fetchCampaignPreview,
  uploadMessageImage,
  useCampaign,
  useSaveCampaign,
  useSendTest,
} from '../api/compose';
import { CampaignEditor } from './campaign-editor';
import { CampaignPreview } from './campaign-preview';

export const TOPIC_LABELS: Record<MailTopic, string> = {
  newsletter: 'Newsletter',
  announcements: 'Announcements',
  'event-news': 'Event news',
};

/** States whose campaign may still be changed; the server refuses edits in the others. */
const EDITABLE = new Set<Campaign['state']>(['draft', 'scheduled']);

/** The campaign's own page (audience, sending), on the campaigns pages. */
export const campaignHref = (id: string) => `/admin/communications/${encodeURIComponent(id)}`;
export const CAMPAIGNS_HREF = '/admin/communications';

const failure = (error: unknown, fallback: string): Outcome => ({
  ok: false,
  text: error instanceof Error && error.message ? error.message : fallback,
});

/** Admin → Communications: write a new campaign, or change a draft or scheduled one. */
export function CampaignCompose({ id }: { id?: string }) {
  const query = useCampaign(id);
  useDocumentTitle(id ? 'Edit the message' : 'New message');
  if (id && query.isPending) {
    return (
      <Page title="Edit the message">
        <Skeleton className="h-96 w-full" />
      </Page>
    );
  }
  if (id && query.isError) {
    return (
      <Page title="Edit the message">
        <OutcomeMessage outcome={failure(query.error, 'Failed to load the campaign')} />
      </Page>
    );
  }
  return (
    <Page title={id ? 'Edit the message' : 'New message'}>
      <ComposeForm key={query.data?.id ?? 'new'} campaign={query.data} />
    </Page>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-3 py-6 sm:px-4 sm:py-10">
      <header className="grid gap-1">
        <Link to={CAMPAIGNS_HREF} className="w-fit text-sm text-primary hover:underline">
          Communications
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      </header>
      {children}
    </div>
  );
}

function ComposeForm({ campaign }: { campaign: Campaign | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const { config } = useChamber();
  const save = useSaveCampaign();
  const sendTest = useSendTest();
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [topic, setTopic] = useState<MailTopic>(campaign?.topic ?? 'newsletter');
  const [content, setContent] = useState(campaign?.content ?? '');
  const [trackClicks, setTrackClicks] = useState(campaign?.trackClicks ?? false);
  const [dirty, setDirty] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const editable = !campaign || EDITABLE.has(campaign.state);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty || !editable) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, editable]);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  /** Saves when there is something to save; answers the saved campaign, or null. */
  const persist = async (): Promise<Campaign | null> => {
    if (!subject.trim()) {
      setSubjectError('Enter a subject.');
      return null;
    }
    setSubjectError(null);
    if (campaign && (!dirty || !editable)) return campaign;
    try {
      const saved = await save.mutateAsync({
        id: campaign?.id,
        input: {
          subject: subject.trim(),
          content,
          topic,
          audience: campaign?.audience ?? DEFAULT_AUDIENCE,
          public: campaign?.public ?? false,
          trackClicks,
        },
      });
      setDirty(false);
      return saved;
    } catch (error) {
      setOutcome(failure(error, 'Failed to save the campaign'));
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await persist();
    if (!saved) return;
    if (!campaign) {
      void navigate(campaignHref(saved.id));
      return;
    }
    setOutcome({ ok: true, text: 'Saved.' });
  };

  const showPreview = async () => {
    setOutcome(null);
    const saved = await persist();
    if (!saved) return;
    setPreviewing(true);
    try {
      setPreview(await fetchCampaignPreview(saved.id));
    } catch (error) {
      setOutcome(failure(error, 'Failed to render the preview'));
    } finally {
      setPreviewing(false);
    }
  };

  const test = async () => {
    setOutcome(null);
    const saved = await persist();
    if (!saved) return;
    try {
      const { sentTo } = await sendTest.mutateAsync(saved.id);
      setOutcome({ ok: true, text: `Test sent to ${sentTo}` });
    } catch (error) {
      setOutcome(failure(error, 'Failed to send the test'));
    }
  };

  const busy = save.isPending || sendTest.isPending || previewing;

  return (
    <div className="grid gap-6">
      {campaign && !editable && (
        <p role="status" className="rounded-md border bg-muted p-3 text-sm">
          This campaign is {campaign.state}: its send has started, so it can no longer be edited.
          You can still preview it and send yourself a test.
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            id={`${id}-subject`}
            value={subject}
            onChange={(e) => change(setSubject)(e.target.value)}
            maxLength={200}
            required
            readOnly={!editable}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? `${id}-subject-error` : undefined}
          />
          {subjectError && (
            <p id={`${id}-subject-error`} className="text-sm font-medium text-destructive">
              {subjectError}
            </p>
          )}
        </div>
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={`${id}-topic`}>Topic</Label>
          <select
            id={`${id}-topic`}
            value={topic}
            onChange={(e) => change(setTopic)(e.target.value as MailTopic)}
            disabled={!editable}
            aria-describedby={`${id}-topic-hint`}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {Object.entries(TOPIC_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p id={`${id}-topic-hint`} className="text-sm text-muted-foreground">
            Recipients who left this topic do not get the message.
          </p>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-track`}
            checked={trackClicks}
            disabled={!editable}
            aria-describedby={`${id}-track-hint`}
            onCheckedChange={(checked) => change(setTrackClicks)(checked === true)}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-track`}>Count clicks on links</Label>
            <p id={`${id}-track-hint`} className="text-sm text-muted-foreground">
              The message’s web links then lead through the portal first, which records who followed
              which link; the report shows the clicks per link. Off, links go straight to their
              address and nothing is recorded.
            </p>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          {campaign
            ? 'Audience: choose who gets it on the campaign’s page.'
            : 'Audience: everyone of the active members’ businesses, until you change it on the campaign’s page after saving.'}
        </p>
        <div className="grid gap-1.5">
          <span id={`${id}-message`} className="text-sm leading-none font-medium">
            Message
          </span>
          <p id={`${id}-message-hint`} className="text-sm text-muted-foreground">
            The chamber’s logo, colours and footer (with the unsubscribe links) are added around it.
          </p>
          <CampaignEditor
            initialContent={content}
            onChange={change(setContent)}
            editable={editable}
            labelledBy={`${id}-message`}
            describedBy={`${id}-message-hint`}
            uploadImage={(file) => uploadMessageImage(file, config?.locationId)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {editable && (
            <Button type="submit" disabled={busy}>
              {save.isPending ? 'Saving…' : campaign ? 'Save' : 'Save the message'}
            </Button>
          )}
          {campaign && (
            <>
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => void showPreview()}
              >
                {previewing ? 'Rendering…' : 'Preview'}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => void test()}>
                {sendTest.isPending ? 'Sending…' : 'Send a test to me'}
              </Button>
              <Button asChild variant="link">
                <Link to={campaignHref(campaign.id)}>Audience and sending</Link>
              </Button>
            </>
          )}
        </div>
        {!campaign && (
          <p className="text-sm text-muted-foreground">
            Once saved, you can preview the message and send yourself a test.
          </p>
        )}
        <OutcomeMessage outcome={outcome} />
      </form>
      {preview && (
        <section aria-labelledby={`${id}-preview`} className="grid gap-3">
          <h2 id={`${id}-preview`} className="text-lg font-semibold">
            Preview
          </h2>
          <CampaignPreview preview={preview} />
        </section>
      )}
    </div>
  );
}
