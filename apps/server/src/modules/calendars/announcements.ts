import type { EventTicket } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { Session } from '../../plugins/auth.js';
import type { EventRow, RegistrationRow } from './queries.js';
import type { Target } from './targets.js';

/** Which occurrences of a series an edit reaches: one, from one on, or all. */
export type EditScope = { kind: 'event' } | { kind: 'from'; key: string } | { kind: 'all' };

/** An edit of an event, a series or an occurrence, announced in its transaction before the change. */
export interface EventEdit {
  tx: Executor;
  /** What was edited, as it stands before the change. */
  target: Target;
  scope: EditScope;
  now: Date;
  /** The editor asked for the registrants to be told, of one event or occurrence. */
  notify: boolean;
}

/** A registration that a deletion cancels, with the event or occurrence it was for. */
export interface CancelledRegistration {
  registration: RegistrationRow;
  event: EventRow;
  /** The event or occurrence as it was: its .ics, cancelled, goes with the mail. */
  target: Target;
}

/** Work to do once the change has committed. */
export type AfterCommit = () => Promise<void>;

/**
 * What follows an edit: called before the change, in its transaction (to read what it needs
 * of the event as it was), it answers what to do after the change, in the same transaction,
 * with the event as it is now; that in turn answers what to do once committed.
 */
export type EditFollower = (
  edit: EventEdit,
) => Promise<(tx: Executor, edited: Target) => Promise<AfterCommit>>;

/**
 * What follows a new event whose creator asked for it to be made known: called in the
 * transaction that creates it, it answers what to do once committed.
 */
export type PublishFollower = (tx: Executor, created: Target) => Promise<AfterCommit>;

/**
 * What follows a deletion: called in its transaction once the rows are gone, with the
 * registrations it cancelled of what was to come (as they were); answers what to do once
 * committed.
 */
export type CancelFollower = (
  tx: Executor,
  cancelled: CancelledRegistration[],
) => Promise<AfterCommit>;

/** The followers' work once committed, one after the other. */
function afterAll(committed: AfterCommit[]): AfterCommit {
  return async () => {
    for (const done of committed) await done();
  };
}

/**
 * The calendar's news: new events made known, edits and deletions of events, announced by CalendarService to the
 * modules that follow them, subscribed once where the modules are wired (modules/index.ts:
 * the registrations module mails the registrants). Each is announced in the transaction of
 * the change, so what a follower writes there stands or falls with it; what it does once
 * committed is its own. The calendar knows nothing of who listens.
 */
export class EventAnnouncements {
  private readonly editFollowers: EditFollower[] = [];
  private readonly cancelFollowers: CancelFollower[] = [];
  private readonly publishFollowers: PublishFollower[] = [];

  onEdit(follower: EditFollower): void {
    this.editFollowers.push(follower);
  }

  onCancel(follower: CancelFollower): void {
    this.cancelFollowers.push(follower);
  }

  onPublish(follower: PublishFollower): void {
    this.publishFollowers.push(follower);
  }

  /** Before an edit: answers what to call once the change is made (in the same transaction). */
  async editing(edit: EventEdit): Promise<(tx: Executor, edited: Target) => Promise<AfterCommit>> {
    const afters: ((tx: Executor, edited: Target) => Promise<AfterCommit>)[] = [];
    for (const follow of this.editFollowers) afters.push(await follow(edit));
    return async (tx, edited) => {
      const committed: AfterCommit[] = [];
      for (const after of afters) committed.push(await after(tx, edited));
      return afterAll(committed);
    };
  }

  /**
   * A new event its creator asked to be made known, in the transaction that creates it:
   * answers what to call once committed.
   */
  async published(tx: Executor, created: Target): Promise<AfterCommit> {
    const committed: AfterCommit[] = [];
    for (const follow of this.publishFollowers) committed.push(await follow(tx, created));
    return afterAll(committed);
  }

  /** A deletion, in its transaction once made: answers what to call once committed. */
  async cancelled(tx: Executor, cancelled: CancelledRegistration[]): Promise<AfterCommit> {
    if (cancelled.length === 0) return afterAll([]);
    const committed: AfterCommit[] = [];
    for (const follow of this.cancelFollowers) committed.push(await follow(tx, cancelled));
    return afterAll(committed);
  }
}

/**
 * What the calendar shows of an event's tickets, answered by the tickets module (Tickets):
 * declared here so that the calendar does not import the module that builds on it.
 */
export interface EventTickets {
  currency(db?: Executor): Promise<string>;
  ticketView(row: EventRow, session: Session | null, currency: string): EventTicket | null;
  ticketOf(row: EventRow, session: Session | null, db?: Executor): Promise<EventTicket | null>;
}
