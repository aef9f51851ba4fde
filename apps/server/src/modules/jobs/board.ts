import {
  dateKeyIn,
  JOB_POSTS_PAGE_SIZE,
  jobPostChangeFields,
  type JobPost,
  type JobPostList,
  listJobPostsQuerySchema,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { isActiveAccount, isStaff, type Session } from '../../plugins/auth.js';
import { firstChamber } from '../chamber/index.js';
import { chamberCurrency } from '../memberships/index.js';
import * as q from './queries.js';

export const notFound = () => new AppError('not_found', 'No such job posting.');
export const noBusiness = () =>
  new AppError('forbidden', 'Job posts belong to a member business; this login has none.');
export const gone = () =>
  new AppError('gone', 'This job posting has closed and is no longer on the job board.');

export const businessName = (c: q.ContactRow) =>
  c.businessName || c.companyName || `${c.firstName} ${c.lastName}`.trim();

/** Staff with an active account: they edit, close, delete and decide on any post. */
export const staffRights = (session: Session | null) =>
  isActiveAccount(session) && isStaff(session);

/**
 * What the public sees of the job board (the board, a post's page, the sitemap's list); the
 * public pages module reads it, without the mail that changes need.
 */
export class JobBoard {
  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
  ) {}

  /** The chamber's calendar day now: a post is open through the end of its closing day. */
  async today(db: Executor = this.db): Promise<string> {
    const chamber = await firstChamber(db);
    return dateKeyIn(this.clock.now(), chamber?.timezone ?? 'America/Denver');
  }
  // The public board.

  async board(query: z.output<typeof listJobPostsQuerySchema>) {
    const today = await this.today();
    const filter = { today, q: query.q, type: query.type, workplace: query.workplace };
    const [{ rows, total }, businesses, currency] = await Promise.all([
      q.listOpen(
        this.db,
        { ...filter, business: query.business },
        JOB_POSTS_PAGE_SIZE,
        (query.page - 1) * JOB_POSTS_PAGE_SIZE,
      ),
      q.openBusinesses(this.db, today),
      chamberCurrency(this.db),
    ]);
    return {
      jobPosts: rows.map((row) => this.view(row, null, currency)),
      total,
      page: query.page,
      pageSize: JOB_POSTS_PAGE_SIZE,
      businesses: businesses.map((b) => ({ id: b.id, name: businessName(b as q.ContactRow) })),
    } satisfies JobPostList;
  }

  /**
   * One post: open posts for everyone, any post for its poster and staff. A post that was on
   * the board and is no longer (closed, or its closing date passed) is gone (410), so search
   * engines drop it; one that never was is not found.
   */
  async get(id: string, session: Session | null): Promise<JobPost> {
    if (!isUuid(id)) throw notFound();
    const row = await q.find(this.db, id);
    if (!row) throw notFound();
    const currency = await chamberCurrency(this.db);
    if (this.mayEdit(session, row.post)) return this.view(row, session, currency);
    const { post } = row;
    if (!row.contact.listed) throw notFound();
    if (post.status === 'closed' || post.status === 'expired') throw gone();
    if (post.status !== 'approved') throw notFound();
    if (post.closesOn < (await this.today())) throw gone();
    return this.view(row, session, currency);
  }

  /** The ids and last changes of the open posts, for the sitemap. */
  async openPages(): Promise<{ id: string; updatedAt: Date }[]> {
    return q.openPages(this.db, await this.today());
  }

  // The job runner.

  /** Approved posts whose closing day has passed leave the board (safe to repeat). */
  async expire(): Promise<{ expired: number }> {
    const ids = await q.expireBefore(this.db, await this.today(), this.clock.now());
    return { expired: ids.length };
  }

  protected mayEdit(session: Session | null, post: q.JobPostRow): boolean {
    if (!isActiveAccount(session)) return false;
    return staffRights(session) || session.user.contactId === post.contactId;
  }

  protected view(
    { post, contact }: q.JobPostView,
    session: Session | null,
    currency: string,
    forStaff = false,
  ): JobPost {
    const canEdit = forStaff || this.mayEdit(session, post);
    const paidTier = contact.membershipTier !== 'standard';
    return {
      id: post.id,
      title: post.title,
      description: post.description,
      employmentType: post.employmentType,
      workplace: post.workplace,
      payMinCents: post.payMinCents,
      payMaxCents: post.payMaxCents,
      payPeriod: post.payPeriod,
      currency,
      applyUrl: post.applyUrl,
      closesOn: post.closesOn,
      status: post.status,
      rejectionReason: canEdit ? post.rejectionReason : null,
      postedAt: post.postedAt?.toISOString() ?? null,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      // The poster chose to say where the work is: the business's address, whatever its tier.
      location:
        post.workplace === 'remote'
          ? null
          : {
              address1: contact.address1,
              city: contact.city,
              state: contact.state,
              postalCode: contact.postalCode,
            },
      business: {
        id: contact.id,
        name: businessName(contact),
        avatar: contact.avatarUrl,
        tagline: contact.tagline,
        phone: contact.phone,
        // The directory's tier rule: the website is an enhanced and elite feature.
        website: paidTier ? contact.website : null,
        membershipTier: contact.membershipTier,
      },
      canEdit,
      pendingChange:
        canEdit && post.pendingChange
          ? {
              ...post.pendingChange,
              changed: jobPostChangeFields.filter((f) => post.pendingChange![f] !== post[f]),
              submittedAt: (post.changeSubmittedAt ?? post.updatedAt).toISOString(),
            }
          : null,
    };
  }
}
