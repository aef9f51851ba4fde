import {
  addDays,
  dateAndPayFields,
  JOB_POST_DEFAULT_DAYS,
  JOB_POST_MAX_DAYS,
  jobPostInputSchema,
  jobPostStatuses,
  type JobBoardSettings,
  type JobBoardSettingsInput,
  type JobPost,
  type JobPostQueue,
  type JobPostQueueList,
  type JobPostStatus,
  type MyJobPosts,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import { recordAudit, recordChange } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { isCurrentMember, type Session } from '../../plugins/auth.js';
import { chamberCurrency } from '../memberships/index.js';
import { changedFields, liveFields, shownWithChange } from './changes.js';
import {
  JOB_APPROVED_MAIL,
  JOB_CHANGE_APPROVED_MAIL,
  JOB_CHANGE_REJECTED_MAIL,
  JOB_REJECTED_MAIL,
  registerPosterMail,
} from './poster-mail.js';
import * as q from './queries.js';
import { JobBoard, noBusiness, notFound } from './board.js';

type Input = z.output<typeof jobPostInputSchema>;

/**
 * The job board's rules: who posts (members in good standing), the closing date's limits,
 * staff's approval (or publishing directly, when the chamber allows it for enhanced and elite
 * members), who edits, closes and deletes (the poster and staff), and expiry.
 */
export class JobsService extends JobBoard {
  constructor(
    db: Database,
    clock: Clock,
    private readonly outbox: MailOutbox,
  ) {
    super(db, clock);
    registerPosterMail(db, outbox);
  }

  // The poster.

  async mine(session: Session): Promise<MyJobPosts> {
    const contactId = session.user.contactId;
    if (!contactId) throw noBusiness();
    const mayPost = this.mayPost(session);
    const [rows, direct, currency] = await Promise.all([
      q.ofContact(this.db, contactId),
      this.publishesDirectly(session),
      chamberCurrency(this.db),
    ]);
    return {
      jobPosts: rows.map((row) => this.view(row, session, currency)),
      mayPost,
      publishesDirectly: direct,
    };
  }

  /** A new draft of the signed-in member's business. */
  async create(session: Session, input: Input): Promise<JobPost> {
    this.assertMayPost(session);
    const today = await this.today();
    const now = this.clock.now();
    const post = await q.insert(this.db, {
      ...this.fields(input, today),
      contactId: session.user.contactId!,
      createdBy: session.user.id,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    });
    return this.get(post.id, session);
  }

  /**
   * The poster or staff change a post. The poster's change to a live post (approved, its
   * closing day not past) stays beside the live text until staff approve it, unless it touches
   * only dates or pay and the chamber lets those go live at once, or the poster publishes
   * directly; a second change replaces the waiting one. The poster's change to a post waiting
   * for staff keeps it waiting; staff's changes apply at once.
   */
  async update(session: Session, id: string, input: Input): Promise<JobPost> {
    const today = await this.today();
    await this.change(session, id, 'job_post.update', null, async (tx, post, byStaff) => {
      if (post.status === 'closed' || post.status === 'expired') {
        throw new AppError('conflict', 'A closed job posting cannot be edited. Post a new one.');
      }
      const fields = this.fields(input, today);
      const now = this.clock.now();
      const live = post.status === 'approved' && post.closesOn >= today;
      if (!byStaff && live && !(await this.publishesDirectly(session, tx))) {
        const changed = changedFields(liveFields(post), fields);
        const settings = await q.getSettings(tx);
        const minor = changed.every((f) => dateAndPayFields.includes(f));
        if (changed.length > 0 && !(minor && settings.dateAndPayChangesGoLive)) {
          await q.update(tx, post.id, { pendingChange: fields, changeSubmittedAt: now });
          return;
        }
        // Nothing changed (a waiting change is withdrawn), or dates and pay only: live at once.
        await q.update(tx, post.id, {
          ...fields,
          pendingChange: null,
          changeSubmittedAt: null,
          ...(changed.length > 0 ? { updatedAt: now } : {}),
        });
        return;
      }
      const back =
        !byStaff && (post.status === 'approved' || post.status === 'pending')
          ? await this.submittedStatus(tx, session)
          : null;
      await q.update(tx, post.id, {
        ...fields,
        // The publishing poster's edit replaces their waiting change; staff's leaves it to decide.
        ...(byStaff ? {} : { pendingChange: null, changeSubmittedAt: null }),
        ...(back
          ? {
              status: back,
              submittedAt: now,
              postedAt: back === 'approved' ? (post.postedAt ?? now) : null,
            }
          : {}),
        updatedAt: now,
      });
    });
    return this.get(id, session);
  }

  /** A draft (or a rejected post) goes to staff, or on the board when the poster may publish directly. */
  async submit(session: Session, id: string): Promise<JobPost> {
    const today = await this.today();
    await this.change(session, id, 'job_post.submit', null, async (tx, post, byStaff) => {
      if (byStaff) throw new AppError('forbidden', 'Only the poster submits a job posting.');
      if (post.status !== 'draft' && post.status !== 'rejected') {
        throw new AppError('conflict', 'Only a draft or a post sent back can be submitted.');
      }
      this.assertMayPost(session);
      if (post.closesOn < today) {
        throw new AppError(
          'validation_failed',
          'The closing date has passed. Choose a later closing date first.',
        );
      }
      const status = await this.submittedStatus(tx, session);
      const now = this.clock.now();
      await q.update(tx, post.id, {
        status,
        submittedAt: now,
        postedAt: status === 'approved' ? now : null,
        updatedAt: now,
      });
    });
    return this.get(id, session);
  }

  async close(session: Session, id: string): Promise<JobPost> {
    await this.change(session, id, 'job_post.close', null, async (tx, post) => {
      if (post.status === 'closed' || post.status === 'expired') {
        throw new AppError('conflict', 'This job posting is already closed.');
      }
      await q.update(tx, post.id, {
        status: 'closed',
        pendingChange: null,
        changeSubmittedAt: null,
        updatedAt: this.clock.now(),
      });
    });
    return this.get(id, session);
  }

  /**
   * The poster puts a post they closed back: through the same rule as a submission (to staff,
   * or on the board at once for a member who publishes directly). A post whose closing date
   * has passed goes back to a draft, for the poster to choose a later date and submit.
   */
  async reopen(session: Session, id: string): Promise<JobPost> {
    const today = await this.today();
    await this.change(session, id, 'job_post.reopen', null, async (tx, post, byStaff) => {
      if (byStaff) throw new AppError('forbidden', 'Only the poster reopens a job posting.');
      if (post.status !== 'closed') {
        throw new AppError('conflict', 'Only a closed job posting can be reopened.');
      }
      this.assertMayPost(session);
      const now = this.clock.now();
      if (post.closesOn < today) {
        await q.update(tx, post.id, { status: 'draft', submittedAt: null, updatedAt: now });
        return;
      }
      const status = await this.submittedStatus(tx, session);
      await q.update(tx, post.id, {
        status,
        rejectionReason: null,
        submittedAt: now,
        postedAt: status === 'approved' ? now : null,
        updatedAt: now,
      });
    });
    return this.get(id, session);
  }

  async remove(session: Session, id: string): Promise<void> {
    await this.change(session, id, 'job_post.delete', null, async (tx, post) => {
      await q.remove(tx, post.id);
    });
  }

  // Staff.

  async queue(status: JobPostQueueList): Promise<JobPostQueue> {
    const [rows, counted, changesWaiting, currency] = await Promise.all([
      status === 'changes' ? q.withChanges(this.db) : q.inStatus(this.db, status),
      q.countsByStatus(this.db),
      q.countChanges(this.db),
      chamberCurrency(this.db),
    ]);
    const counts = Object.fromEntries(jobPostStatuses.map((s) => [s, 0])) as Record<
      JobPostStatus,
      number
    >;
    for (const { status: s, n } of counted) counts[s] = n;
    return {
      jobPosts: rows.map((row) => this.view(row, null, currency, true)),
      counts,
      changesWaiting,
    };
  }

  async approve(session: Session, id: string): Promise<JobPost> {
    const today = await this.today();
    await this.decide(session, id, 'job_post.approve', null, async (tx, post) => {
      if (post.closesOn < today) {
        throw new AppError(
          'conflict',
          'Its closing date has passed; the poster must choose a later one first.',
        );
      }
      const now = this.clock.now();
      await q.update(tx, post.id, {
        status: 'approved',
        rejectionReason: null,
        postedAt: now,
        updatedAt: now,
      });
      await this.outbox.queue(tx, JOB_APPROVED_MAIL, { jobPostId: post.id });
    });
    this.outbox.wake();
    return this.get(id, session);
  }

  async reject(session: Session, id: string, reason: string): Promise<JobPost> {
    await this.decide(session, id, 'job_post.reject', reason, async (tx, post) => {
      await q.update(tx, post.id, {
        status: 'rejected',
        rejectionReason: reason,
        updatedAt: this.clock.now(),
      });
      await this.outbox.queue(tx, JOB_REJECTED_MAIL, { jobPostId: post.id, reason });
    });
    this.outbox.wake();
    return this.get(id, session);
  }

  /** The poster's change to a live post replaces its live text; the poster is mailed. */
  async approveChange(session: Session, id: string): Promise<JobPost> {
    const today = await this.today();
    await this.decideChange(session, id, 'job_post.approve_change', null, async (tx, post) => {
      const change = post.pendingChange!;
      if (change.closesOn < today) {
        throw new AppError(
          'conflict',
          'The changed closing date has passed; the poster must choose a later one first.',
        );
      }
      await q.update(tx, post.id, {
        ...change,
        pendingChange: null,
        changeSubmittedAt: null,
        updatedAt: this.clock.now(),
      });
      await this.outbox.queue(tx, JOB_CHANGE_APPROVED_MAIL, { jobPostId: post.id });
    });
    this.outbox.wake();
    return this.get(id, session);
  }

  /** The poster's change is dropped and the live text stays; the poster is mailed the reason. */
  async rejectChange(session: Session, id: string, reason: string): Promise<JobPost> {
    await this.decideChange(session, id, 'job_post.reject_change', reason, async (tx, post) => {
      await q.update(tx, post.id, { pendingChange: null, changeSubmittedAt: null });
      await this.outbox.queue(tx, JOB_CHANGE_REJECTED_MAIL, { jobPostId: post.id, reason });
    });
    this.outbox.wake();
    return this.get(id, session);
  }

  async getSettings(): Promise<JobBoardSettings> {
    const row = await q.getSettings(this.db);
    return {
      membersPublishDirectly: row.membersPublishDirectly,
      dateAndPayChangesGoLive: row.dateAndPayChangesGoLive,
    };
  }

  async putSettings(session: Session, body: JobBoardSettingsInput): Promise<JobBoardSettings> {
    await this.db.transaction(async (tx) => {
      const stored = await q.getSettings(tx);
      const before = {
        membersPublishDirectly: stored.membersPublishDirectly,
        dateAndPayChangesGoLive: stored.dateAndPayChangesGoLive,
      };
      const after = {
        membersPublishDirectly: body.membersPublishDirectly ?? before.membersPublishDirectly,
        dateAndPayChangesGoLive: body.dateAndPayChangesGoLive ?? before.dateAndPayChangesGoLive,
      };
      await q.putSettings(tx, after, this.clock.now());
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: 'job_board.settings',
        targetType: 'job_board_settings',
        targetId: '1',
        targetLabel: 'Job board settings',
        before,
        after,
      });
    });
    return this.getSettings();
  }

  // Rules.

  /**
   * Posting is a member-only right: the one rule of a current member (isCurrentMember: a
   * membership active or in grace, or staff), for a login with a business to post for.
   */
  private mayPost(session: Session): boolean {
    return session.user.contactId !== null && isCurrentMember(session);
  }

  /** Refuses a poster who may not post (403), saying why. */
  private assertMayPost(session: Session) {
    if (!session.user.contactId) throw noBusiness();
    if (!this.mayPost(session)) {
      throw new AppError(
        'forbidden',
        'Posting jobs is for members with an active membership. Renew your membership to post.',
      );
    }
  }

  /** Whether this poster's submitted post skips staff: the setting, and an enhanced or elite tier. */
  private async publishesDirectly(session: Session, db: Executor = this.db): Promise<boolean> {
    const tier = session.contact?.membershipTier;
    if (tier !== 'enhanced' && tier !== 'elite') return false;
    return (await q.getSettings(db)).membersPublishDirectly;
  }

  private async submittedStatus(db: Executor, session: Session): Promise<'approved' | 'pending'> {
    return (await this.publishesDirectly(session, db)) ? 'approved' : 'pending';
  }

  /** The stored fields of an input, with the closing date checked against the chamber's today. */
  private fields(input: Input, today: string) {
    const closesOn = input.closesOn ?? addDays(today, JOB_POST_DEFAULT_DAYS);
    const latest = addDays(today, JOB_POST_MAX_DAYS);
    if (closesOn < today) {
      throw new AppError('validation_failed', 'The closing date cannot be in the past.');
    }
    if (closesOn > latest) {
      throw new AppError(
        'validation_failed',
        `The closing date can be at most ${JOB_POST_MAX_DAYS} days from today (${latest}).`,
      );
    }
    const pay = input.payMinCents != null || input.payMaxCents != null;
    return {
      title: input.title,
      description: input.description,
      employmentType: input.employmentType,
      workplace: input.workplace,
      payMinCents: input.payMinCents ?? null,
      payMaxCents: input.payMaxCents ?? null,
      payPeriod: pay ? (input.payPeriod ?? null) : null,
      applyUrl: input.applyTo,
      closesOn,
    };
  }

  /**
   * A change by the poster or staff, in one transaction with the post locked; staff's changes
   * to someone else's post are audited. Another member's post the public may see is
   * forbidden to them (403); one they may not see is not found.
   */
  private async change(
    session: Session,
    id: string,
    action: string,
    reason: string | null,
    apply: (tx: Executor, post: q.JobPostRow, byStaff: boolean) => Promise<void>,
  ) {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await q.lock(tx, id);
      if (!post) throw notFound();
      if (!this.mayEdit(session, post)) {
        if (post.status === 'approved' || post.status === 'closed' || post.status === 'expired') {
          throw new AppError('forbidden', 'Only the poster and staff may change this job posting.');
        }
        throw notFound();
      }
      const own = session.user.contactId === post.contactId;
      await apply(tx, post, !own);
      if (!own) await this.audit(tx, session, action, post, reason);
    });
  }

  /** Staff's decision on a post waiting for them, audited. */
  private async decide(
    session: Session,
    id: string,
    action: string,
    reason: string | null,
    apply: (tx: Executor, post: q.JobPostRow) => Promise<void>,
  ) {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await q.lock(tx, id);
      if (!post) throw notFound();
      if (post.status !== 'pending') {
        throw new AppError('conflict', 'Only a job posting waiting for approval can be decided.');
      }
      await apply(tx, post);
      await this.audit(tx, session, action, post, reason);
    });
  }

  /** Staff's decision on a live post's waiting change, audited with the fields before and after. */
  private async decideChange(
    session: Session,
    id: string,
    action: string,
    reason: string | null,
    apply: (tx: Executor, post: q.JobPostRow) => Promise<void>,
  ) {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const post = await q.lock(tx, id);
      if (!post) throw notFound();
      if (post.status !== 'approved' || !post.pendingChange) {
        throw new AppError('conflict', 'No change to this job posting waits for approval.');
      }
      await apply(tx, post);
      await this.audit(tx, session, action, post, reason, shownWithChange);
    });
  }

  private async audit(
    tx: Executor,
    session: Session,
    action: string,
    before: q.JobPostRow,
    reason: string | null,
    shown: (post: q.JobPostRow) => Record<string, unknown> = (post) => ({
      status: post.status,
      title: post.title,
      closesOn: post.closesOn,
    }),
  ) {
    await recordChange(tx, session, {
      action,
      targetType: 'job_post',
      targetLabel: before.title,
      before,
      reread: q.lock,
      shown,
      reason,
    });
  }
}
