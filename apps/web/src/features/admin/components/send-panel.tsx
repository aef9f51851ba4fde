import { type Campaign, dateKeyIn } from '@chamber/contract';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCampaignAction } from '../api/campaign-queries';
import type { CampaignControls } from '../lib/campaign-controls';
import { atText, recipientsText, scheduledInstant } from '../lib/campaign-format';
import { CancelSendButton } from './progress-panel';

/**
 * Send now, or at a day and time on the chamber's clock; either asks first, saying how many
 * it goes to. Off while the audience is unsaved, being counted, or reaches nobody; the
 * server's refusal (an audience emptied meanwhile: 422) is shown as it says it.
 */
export function SendPanel({
  campaign,
  controls,
  count,
  timeZone,
}: {
  campaign: Campaign;
  controls: CampaignControls;
  count: number | null;
  timeZone: string;
}) {
  const id = useId();
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [day, setDay] = useState(() => dateKeyIn(new Date(), timeZone));
  const [time, setTime] = useState('09:00');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = useCampaignAction(campaign.id);

  const at = mode === 'later' ? scheduledInstant(day, time, timeZone) : null;
  const timeProblem = mode === 'later' && at === null ? 'Choose a day and a time.' : null;
  // A time already past would send at once: checked when pressed (the clock moves on).
  const passed = () => at !== null && Date.parse(at) <= Date.now();
  const pastTime = 'Choose a time still to come.';
  const blocked = controls.sendBlocked ?? timeProblem;
  const n = count ?? 0;

  const confirm = () => {
    if (passed()) {
      setConfirming(false);
      setError(pastTime);
      return;
    }
    setError(null);
    action.mutate(
      { action: 'send', ...(at ? { at } : {}) },
      {
        onSuccess: () => setConfirming(false),
        onError: (e) => {
          setConfirming(false);
          setError(e.message);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Send</h2>
        <CardDescription>
          {campaign.state === 'scheduled' && campaign.scheduledAt
            ? `Scheduled for ${atText(campaign.scheduledAt, timeZone)}. Send it now or choose another time; Cancel stops it.`
            : 'Now, or at a time on the chamber’s clock. Mail goes out at the pace set for the portal.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">When</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-when`}
                className="size-4 accent-primary"
                checked={mode === 'now'}
                onChange={() => setMode('now')}
              />
              Send now
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-when`}
                className="size-4 accent-primary"
                checked={mode === 'later'}
                onChange={() => setMode('later')}
              />
              Schedule
            </label>
          </div>
        </fieldset>
        {mode === 'later' ? (
          <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-day`}>Day</Label>
              <Input
                id={`${id}-day`}
                type="date"
                required
                value={day}
                onChange={(e) => setDay(e.target.value)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-time`}>Time ({timeZone.replace(/_/g, ' ')})</Label>
              <Input
                id={`${id}-time`}
                type="time"
                required
                value={time}
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            disabled={blocked !== null || action.isPending}
            aria-describedby={blocked ? `${id}-blocked` : undefined}
            onClick={() => {
              if (passed()) {
                setError(pastTime);
                return;
              }
              setError(null);
              setConfirming(true);
            }}
          >
            {mode === 'now' ? 'Send now…' : 'Schedule…'}
          </Button>
          {campaign.state === 'scheduled' ? <CancelSendButton campaign={campaign} /> : null}
        </div>
        {blocked ? (
          <p id={`${id}-blocked`} className="text-sm text-muted-foreground">
            {blocked}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {at ? 'Schedule this message?' : 'Send this message now?'}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {at
                ? `“${campaign.subject}” goes out on ${atText(at, timeZone)} to its audience as it is then: ${recipientsText(n)} now.`
                : `“${campaign.subject}” goes to ${recipientsText(n)}. It cannot be changed once it has started.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Not yet</AlertDialogCancel>
            <Button type="button" disabled={action.isPending} onClick={confirm}>
              {at ? `Schedule for ${recipientsText(n)}` : `Send to ${recipientsText(n)}`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
