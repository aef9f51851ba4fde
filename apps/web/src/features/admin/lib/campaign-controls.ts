import type { Campaign } from '@chamber/contract';

type State = Campaign['state'];

export const campaignStateLabels: Record<State, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export interface CampaignControls {
  /** Audience and message may change (the server refuses once the send started). */
  editable: boolean;
  /** Send now or schedule is offered. */
  offersSend: boolean;
  /** Why Send is off, or null when it may be pressed. */
  sendBlocked: string | null;
  canPause: boolean;
  canResume: boolean;
  canCancel: boolean;
  /** The progress bar and its counts (sending or paused). */
  showsProgress: boolean;
  /** The final counts (sent or cancelled). */
  showsReport: boolean;
}

/**
 * What a campaign's page offers in each state. `count` is the audience's recipients now
 * (null while counting), `dirty` whether the audience on screen is not saved yet.
 */
export function campaignControls(
  state: State,
  { count, dirty }: { count: number | null; dirty: boolean },
): CampaignControls {
  const editable = state === 'draft' || state === 'scheduled';
  const sendBlocked = !editable
    ? 'This message was sent or is being sent.'
    : dirty
      ? 'Save the audience before sending.'
      : count === null
        ? 'Counting the recipients…'
        : count === 0
          ? 'This audience reaches nobody: there is no one to send it to.'
          : null;
  return {
    editable,
    offersSend: editable,
    sendBlocked,
    canPause: state === 'sending',
    canResume: state === 'paused',
    canCancel: state === 'scheduled' || state === 'sending' || state === 'paused',
    showsProgress: state === 'sending' || state === 'paused',
    showsReport: state === 'sent' || state === 'cancelled',
  };
}

/** Recipients handled so far (sent, bounced, failed, unsubscribed or cancelled) of all. */
export function handled(counts: Campaign['counts']): number {
  return counts.total - counts.queued - counts.sending;
}
