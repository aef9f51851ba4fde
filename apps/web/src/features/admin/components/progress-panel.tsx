import type { Campaign } from '@chamber/contract';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useCampaignAction } from '../api/campaign-queries';
import { type CampaignControls, handled } from '../lib/campaign-controls';

/** The recipient states staff read, in order, with their labels. */
const shownStates = [
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['bounced', 'Bounced'],
  ['failed', 'Failed'],
  ['unsubscribed', 'Unsubscribed'],
] as const;

/**
 * While the campaign sends (or is paused): how far it got, as a bar and per recipient state,
 * with Pause, Resume and Cancel; once it is sent or cancelled, the same counts as its report.
 * The page reads the campaign again every few seconds while it sends.
 */
export function ProgressPanel({
  campaign,
  controls,
}: {
  campaign: Campaign;
  controls: CampaignControls;
}) {
  const id = useId();
  const { counts } = campaign;
  const done = handled(counts);
  const percent = counts.total === 0 ? 100 : Math.round((done / counts.total) * 100);
  const pause = useCampaignAction(campaign.id);
  const [error, setError] = useState<string | null>(null);
  const act = (action: 'pause' | 'resume') => {
    setError(null);
    pause.mutate({ action }, { onError: (e) => setError(e.message) });
  };
  const heading = controls.showsReport ? 'Report' : 'Progress';

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{heading}</h2>
        <CardDescription>
          {campaign.state === 'paused'
            ? 'Paused: nothing more goes out until it is resumed.'
            : campaign.state === 'sending'
              ? 'Sending at the pace set for the portal; this page follows it.'
              : campaign.state === 'cancelled'
                ? 'Cancelled: the recipients not yet sent to did not get it.'
                : 'Sent to everyone it could be sent to.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {controls.showsProgress ? (
          <div className="grid gap-2">
            <div
              role="progressbar"
              aria-labelledby={`${id}-label`}
              aria-valuemin={0}
              aria-valuemax={counts.total}
              aria-valuenow={done}
              aria-valuetext={`${done} of ${counts.total}`}
              className="h-3 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
            <p id={`${id}-label`} className="text-sm">
              {counts.sent} of {counts.total} sent ({done} handled)
            </p>
          </div>
        ) : null}
        <dl
          aria-label="Recipients by state"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        >
          {shownStates.map(([state, label]) => (
            <div key={state} className="rounded-lg border p-3">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {state === 'queued' ? counts.queued + counts.sending : counts[state]}
              </dd>
            </div>
          ))}
          {counts.cancelled > 0 ? (
            <div className="rounded-lg border p-3">
              <dt className="text-xs font-medium text-muted-foreground">Not sent (cancelled)</dt>
              <dd className="text-xl font-semibold tabular-nums">{counts.cancelled}</dd>
            </div>
          ) : null}
        </dl>
        {controls.canPause || controls.canResume || controls.canCancel ? (
          <div className="flex flex-wrap gap-2">
            {controls.canPause ? (
              <Button
                type="button"
                variant="outline"
                disabled={pause.isPending}
                onClick={() => act('pause')}
              >
                Pause
              </Button>
            ) : null}
            {controls.canResume ? (
              <Button type="button" disabled={pause.isPending} onClick={() => act('resume')}>
                Resume
              </Button>
            ) : null}
            {controls.canCancel ? <CancelSendButton campaign={campaign} /> : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Cancel, after a question: who has not had it yet will not get it. */
export function CancelSendButton({ campaign }: { campaign: Campaign }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCampaignAction(campaign.id);
  const left = campaign.counts.queued;
  return (
    <>
      <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
        Cancel…
      </Button>
      {error ? (
        <p role="alert" className="basis-full text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this message?</AlertDialogTitle>
            <AlertDialogDescription>
              {campaign.state === 'scheduled'
                ? 'It will not go out at its time. A cancelled message cannot be sent again.'
                : `The ${left} recipient${left === 1 ? '' : 's'} not yet sent to will not get it. A cancelled message cannot be sent again.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => {
                setError(null);
                cancel.mutate(
                  { action: 'cancel' },
                  {
                    onSuccess: () => setOpen(false),
                    onError: (e) => {
                      setOpen(false);
                      setError(e.message);
                    },
                  },
                );
              }}
            >
              Cancel the message
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
