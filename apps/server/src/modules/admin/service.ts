import {
  blankToNull,
  dateTimeFormat,
  type AdminStats,
  type AdminUser,
  type AuditEntry,
  type AuditList,
  type auditFilterSchema,
  type listAuditQuerySchema,
  type exportUsersQuerySchema,
  type listUsersQuerySchema,
  type updateUserSchema,
  type updateUserStatusSchema,
  type UserList,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import { asText, writeCsv } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid, notFound } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import { type AccountService, assertAddressFree } from '../auth/index.js';
import { chamberTimeZone } from './cockpit-queries.js';
import { businessesOfSignIns } from '../members/index.js';
import * as q from './queries.js';

type UpdateUser = z.output<typeof updateUserSchema>;
type UpdateStatus = z.output<typeof updateUserStatusSchema>;

const userNotFound = () => notFound('User');
const lastAdmin = () =>
  new AppError(
    'conflict',
    'The chamber needs at least one active admin. Make another admin first.',
  );

/** The export's columns: the admin view's fields (docs/product.md#entities), in the edit dialog's order. */
export const userExportColumns = [
  'First Name',
  'Last Name',
  'Email',
  'Business Name',
  'Phone',
  'Website',
  'Role',
  'Status',
  'Membership Tier',
  'Payment Status',
  'Created',
] as const;

/** The audit CSV's columns. */
export const auditExportColumns = [
  'When',
  'Who',
  'Who (email)',
  'Action',
  'Record type',
  'Record',
  'Record id',
  'Changes',
  'Reason',
] as const;

type Fields = Record<string, unknown> | null;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Of a change's `before` and `after`, only the fields whose value changed, on both sides. A
 * record created (no before) or removed (no after) keeps its one side whole. Entries are read
 * through here, so older entries that kept every field read the same as new ones.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

const cell = (value: unknown) =>
  value === null || value === undefined
    ? '(none)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** 'status: pending → active; role: member → admin', or the one side of a creation or removal. */
function describeChanges(before: Fields, after: Fields): string {
  if (before && after) {
    return Object.keys(after)
      .map((key) => `${key}: ${cell(before[key])} → ${cell(after[key])}`)
      .join('; ');
  }
  const side = before ?? after;
  if (!side) return '';
  return Object.entries(side)
    .map(([key, value]) => `${key}: ${cell(value)}`)
    .join('; ');
}

function toAuditEntry(r: q.AuditListRow): AuditEntry {
  const changes = changedFields((r.before as Fields) ?? null, (r.after as Fields) ?? null);
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actor: { id: r.actorId, email: r.actorEmail, name: r.actorName },
    action: r.action,
    target: { type: r.targetType, id: r.targetId, label: r.targetLabel || r.targetId },
    before: changes.before,
    after: changes.after,
    reason: r.reason,
  };
}

export function toAdminUser(
  { user, contact }: q.AccountRow,
  membershipId: string | null = null,
): AdminUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    businessName: contact?.businessName ?? null,
    phone: user.phone ?? contact?.phone ?? null,
    website: contact?.website ?? null,
    role: user.role,
    status: user.status,
    membershipTier: contact?.membershipTier ?? 'standard',
    paymentStatus: contact?.paymentStatus ?? 'pending',
    contactId: contact?.id ?? null,
    membershipId: contact ? membershipId : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: the fields staff can change. */
function snapshot(user: AdminUser): Record<string, unknown> {
  const {
    id: _id,
    contactId: _contactId,
    membershipId: _membershipId,
    createdAt: _createdAt,
    ...fields
  } = user;
  return fields;
}

/** Only the fields that changed, before and after. */
function diff(before: AdminUser, after: AdminUser) {
  const a = snapshot(before);
  const b = snapshot(after);
  const keys = Object.keys(b).filter((k) => a[k] !== b[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, a[k]])),
    after: Object.fromEntries(keys.map((k) => [k, b[k]])),
  };
}

/**
 * The admin view's membershipTier and paymentStatus are the membership's: they change only
 * through the membership (its invoices and payments, staff's plan change in Admin →
 * Memberships), so the dialog shows them with a link to the membership, found here.
 */
export interface AdminMembershipChanges {
  /** The membership of each contact given, by contact id. */
  membershipIds(db: Executor, contactIds: string[]): Promise<Map<string, string>>;
}

/**
 * Deleting an account deletes its registrations; an order among them gives its tickets back
 * to their types, counted by the registrations module (handed over in modules/index.ts).
 */
export interface AdminTicketCounts {
  recount(tx: Executor, eventIds: string[], now: Date): Promise<void>;
}

/** The two fields the edit dialog shows but does not change: what each follows instead. */
const readOnlyFields = {
  membershipTier:
    "membershipTier is read-only here: it is the membership's plan. Change the plan in Admin → Memberships.",
  paymentStatus:
    "paymentStatus is read-only here: it follows the membership's invoices and payments. Record a payment in Admin → Memberships.",
} as const;

export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Logins are saved and suspended by the auth module's rules. */
    private readonly accounts: AccountService,
    private readonly memberships: AdminMembershipChanges,
    private readonly ticketCounts: AdminTicketCounts | null = null,
  ) {}

  async listUsers(query: z.output<typeof listUsersQuerySchema>): Promise<UserList> {
    const { rows, total } = await q.listUsers(this.db, {
      search: query.search || undefined,
      role: query.role === 'all' ? undefined : query.role,
      status: query.status === 'all' ? undefined : query.status,
      limit: query.limit,
      offset: query.offset,
    });
    const [ids, businesses] = await Promise.all([
      this.memberships.membershipIds(
        this.db,
        rows.flatMap((r) => (r.contact ? [r.contact.id] : [])),
      ),
      businessesOfSignIns(
        this.db,
        rows.map((r) => r.user.id),
      ),
    ]);
    return {
      users: rows.map((r) => ({
        ...toAdminUser(r, r.contact ? (ids.get(r.contact.id) ?? null) : null),
        businesses: businesses.get(r.user.id) ?? [],
      })),
      pagination: { total, hasMore: query.offset + rows.length < total },
    };
  }

  /** The accounts the user list's filters match, as CSV (Admin → User Management, 'Export CSV'). */
  async exportUsers(query: z.output<typeof exportUsersQuerySchema>): Promise<string> {
    const rows = await q.listAllUsers(this.db, {
      search: query.search || undefined,
      role: query.role === 'all' ? undefined : query.role,
      status: query.status === 'all' ? undefined : query.status,
    });
    return writeCsv([
      [...userExportColumns],
      ...rows
        .map((r) => toAdminUser(r))
        .map((u) => [
          u.firstName,
          u.lastName,
          u.email,
          u.businessName ?? '',
          asText(u.phone),
          u.website ?? '',
          u.role,
          u.status,
          u.membershipTier,
          u.paymentStatus,
          u.createdAt,
        ]),
    ]);
  }

  /** The edit dialog's save. Names and email are copied to the contact, as the profile does. */
  async updateUser(actor: Session, id: string, body: UpdateUser): Promise<AdminUser> {
    return this.change(actor, id, 'user.update', null, async (tx, account) => {
      const { user, contact } = account;
      // The spec's fields stay in the request: the same value passes, a change is refused.
      const current = toAdminUser(account);
      for (const field of ['membershipTier', 'paymentStatus'] as const) {
        if (body[field] !== undefined && body[field] !== current[field]) {
          throw new AppError('bad_request', readOnlyFields[field]);
        }
      }
      if (body.status && body.status !== 'active' && user.id === actor.user.id) {
        throw new AppError('forbidden', 'You cannot suspend your own account.');
      }
      // A new address must be free: no other login's, and no other roster listing's.
      if (body.email.toLowerCase() !== user.email.toLowerCase()) {
        await assertAddressFree(tx, body.email, user.id);
      }
      await this.keepAnAdmin(tx, account, body.role ?? user.role, body.status ?? user.status);
      const now = this.clock.now();
      const updated = await this.accounts.saveLogin(
        tx,
        user,
        {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          ...(body.phone !== undefined ? { phone: blankToNull(body.phone) } : {}),
          ...(body.role ? { role: body.role } : {}),
          ...(body.status ? { status: body.status } : {}),
        },
        now,
      );
      const contactFields = {
        ...(body.businessName !== undefined
          ? { businessName: blankToNull(body.businessName) }
          : {}),
        ...(body.website !== undefined ? { website: blankToNull(body.website) } : {}),
      };
      const listingAsked = Boolean(body.businessName || body.website);
      const personal = {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        ...(body.phone !== undefined ? { phone: blankToNull(body.phone) } : {}),
      };
      let updatedContact = contact;
      if (contact) {
        updatedContact = await q.updateContact(tx, contact.id, {
          ...personal,
          ...contactFields,
          updatedAt: now,
        });
      } else if (listingAsked) {
        // Business details need a directory contact: give the login one.
        updatedContact = await q.insertContact(tx, { ...personal, ...contactFields });
        await this.accounts.saveLogin(tx, user, { contactId: updatedContact.id }, now);
      }
      return {
        user: { ...updated, contactId: updatedContact?.id ?? null },
        contact: updatedContact,
      };
    });
  }

  /** Activate or suspend (docs/product.md#states User status); suspension ends the user's sessions at once. */
  async setStatus(actor: Session, id: string, body: UpdateStatus): Promise<AdminUser> {
    return this.change(actor, id, 'user.status', body.reason ?? null, async (tx, account) => {
      if (account.user.id === actor.user.id && body.status !== 'active') {
        throw new AppError('forbidden', 'You cannot suspend your own account.');
      }
      await this.keepAnAdmin(tx, account, account.user.role, body.status);
      const user = await this.accounts.saveLogin(tx, account.user, { status: body.status });
      return { user, contact: account.contact };
    });
  }

  async deleteUser(actor: Session, id: string): Promise<void> {
    await this.change(actor, id, 'user.delete', null, async (tx, account) => {
      if (account.user.id === actor.user.id) {
        throw new AppError('forbidden', 'You cannot delete your own account.');
      }
      await this.keepAnAdmin(tx, account, 'member', 'suspended');
      const events = await q.deleteAccount(tx, account);
      // An order among them gives its tickets back to their types.
      await this.ticketCounts?.recount(tx, events, this.clock.now());
      return null;
    });
  }

  async stats(): Promise<AdminStats> {
    const s = await q.stats(this.db);
    return {
      users: {
        total: s.total,
        active: s.active,
        pending: s.pending,
        suspended: s.suspended,
        byRole: { admin: s.admin, moderator: s.moderator, member: s.member },
        byMembershipTier: { elite: s.elite, enhanced: s.enhanced, standard: s.standard },
      },
    };
  }

  /** The audit log for people: names for ids, only what changed, filtered (GET /admin/audit). */
  async audit(query: z.output<typeof listAuditQuerySchema>): Promise<AuditList> {
    const { limit, offset, ...filter } = query;
    const timeZone = await chamberTimeZone(this.db);
    const [{ rows, total }, facets] = await Promise.all([
      q.listAudit(this.db, filter, timeZone, { limit, offset }),
      q.auditFacets(this.db),
    ]);
    return {
      entries: rows.map(toAuditEntry),
      pagination: { total, hasMore: offset + rows.length < total },
      facets,
    };
  }

  /**
   * Every entry the filters match, as CSV: one line per entry, its changes as 'field: before →
   * after' (GET /admin/audit.csv). Times are the chamber's.
   */
  async exportAudit(filter: z.output<typeof auditFilterSchema>): Promise<string> {
    const timeZone = await chamberTimeZone(this.db);
    const { rows } = await q.listAudit(this.db, filter, timeZone);
    const when = dateTimeFormat('sv-SE', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    return writeCsv([
      [...auditExportColumns],
      ...rows
        .map(toAuditEntry)
        .map((e) => [
          when.format(new Date(e.createdAt)),
          e.actor.name,
          e.actor.email,
          e.action,
          e.target.type,
          e.target.label,
          e.target.id,
          describeChanges(e.before, e.after),
          e.reason ?? '',
        ]),
    ]);
  }

  /** An admin can only leave the admins (demotion, suspension, deletion) if another stays. */
  private async keepAnAdmin(
    tx: Executor,
    account: q.AccountRow,
    role: string,
    status: string,
  ): Promise<void> {
    const isActiveAdmin = account.user.role === 'admin' && account.user.status === 'active';
    const staysActiveAdmin = role === 'admin' && status === 'active';
    if (
      isActiveAdmin &&
      !staysActiveAdmin &&
      (await q.otherActiveAdmins(tx, account.user.id)) === 0
    ) {
      throw lastAdmin();
    }
  }

  /** Runs one change in a transaction and writes its audit entry in the same transaction. */
  private async change<T extends q.AccountRow | null>(
    actor: Session,
    id: string,
    action: string,
    reason: string | null,
    apply: (tx: Executor, account: q.AccountRow) => Promise<T>,
  ): Promise<T extends null ? null : AdminUser> {
    if (!isUuid(id)) throw userNotFound();
    return this.db.transaction(async (tx) => {
      const user = await this.accounts.lock(tx, id);
      if (!user) throw userNotFound();
      const contact = user.contactId ? await q.lockContact(tx, user.contactId) : undefined;
      const account: q.AccountRow = { user, contact: contact ?? null };
      const before = toAdminUser(account);
      const result = await apply(tx, account);
      const membershipId = result?.contact
        ? ((await this.memberships.membershipIds(tx, [result.contact.id])).get(result.contact.id) ??
          null)
        : null;
      const after = result ? toAdminUser(result, membershipId) : null;
      const changes = after ? diff(before, after) : { before: snapshot(before), after: null };
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action,
        targetType: 'user',
        targetId: id,
        targetLabel: `${before.firstName} ${before.lastName} <${before.email}>`.trim(),
        before: changes.before,
        after: changes.after,
        reason,
      });
      return after as T extends null ? null : AdminUser;
    });
  }
}
