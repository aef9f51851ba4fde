import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail, UserList } from '@chamber/contract';
import {
  auditLog,
  businessPeople,
  calendars,
  chambers,
  contactCategories,
  contacts,
  eventRegistrations,
  invoices,
  memberships,
  users,
} from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { BillingService } from '../billing/index.js';

// Staff merge two businesses that are the same: people, registrations, invoices and history
// move to the one kept, in one transaction, and the audit log records it.
let ctx: TestContext;
let tokens: Record<'admin' | 'moderator' | 'member', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
  const moderator = await createTestUser(ctx.db, { role: 'moderator', contact: false });
  const member = await createTestUser(ctx.db, { contact: { businessName: 'Bystander' } });
  tokens = {
    admin: await signIn(ctx, admin.email),
    moderator: await signIn(ctx, moderator.email),
    member: await signIn(ctx, member.email),
  };
  await ctx.db.insert(chambers).values({ id: 'loc', name: 'Chamber' }).onConflictDoNothing();
  await ctx.db.insert(calendars).values({ id: 'cal', locationId: 'loc' }).onConflictDoNothing();
});
afterAll(() => ctx.close());

const merge = (id: string, intoId: string, token = tokens.admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/members/${id}/merge`,
    payload: { intoId },
    headers: bearer(token),
  });

let n = 0;
/** Two businesses that are the same shop, entered twice, and a bookkeeper of both. */
async function duplicates() {
  n += 1;
  const kept = await createTestUser(ctx.db, {
    email: `kept${n}@sameshop.example`,
    contact: { businessName: `Same Shop ${n}` },
  });
  const dup = await createTestUser(ctx.db, {
    email: `dup${n}@sameshop.example`,
    contact: { businessName: `Same Shop ${n} (duplicate)` },
  });
  const bookkeeper = await createTestUser(ctx.db, {
    email: `books${n}@sameshop.example`,
    contact: false,
  });
  await ctx.db.insert(businessPeople).values([
    { contactId: kept.contactId!, userId: bookkeeper.id, role: 'billing', firstName: 'Bo' },
    { contactId: dup.contactId!, userId: bookkeeper.id, role: 'billing', firstName: 'Bo' },
  ]);
  return { kept, dup, bookkeeper, intoId: kept.contactId!, fromId: dup.contactId! };
}

describe('POST /api/admin/members/{id}/merge', () => {
  it('moves people, registrations, invoices and categories to the target, and deletes the duplicate', async () => {
    const { kept, dup, bookkeeper, intoId, fromId } = await duplicates();
    // The duplicate's registration for an event, paid by an invoice billed to the duplicate.
    const event = await createEvent(ctx.db, { calendarId: 'cal', contactId: fromId });
    const billing = new BillingService(ctx.db, ctx.clock);
    const { invoice: ticket } = await billing.issueInvoice(ctx.db, {
      contactId: fromId,
      purpose: 'event_ticket',
      billTo: { name: 'Dee Dup', email: dup.email },
      lines: [{ description: 'Luncheon ticket', unitCents: 2500 }],
    });
    const [registration] = await ctx.db
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        name: 'Dee Dup',
        email: dup.email,
        userId: dup.id,
        invoiceId: ticket.id,
      })
      .returning();
    const { invoice: sponsorship } = await billing.issueInvoice(ctx.db, {
      contactId: fromId,
      purpose: 'other',
      lines: [{ description: 'Sponsorship', unitCents: 50000 }],
    });
    const category = await ctx.db.query.categories.findFirst();
    if (category) {
      await ctx.db.insert(contactCategories).values({ contactId: fromId, categoryId: category.id });
    }
    const [keptMembership] = await ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.contactId, intoId));

    const dupToken = await signIn(ctx, dup.email);
    const res = await merge(fromId, intoId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberDetail>()).toMatchObject({ id: intoId, businessName: `Same Shop ${n}` });

    // The duplicate is gone; its page is not found.
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, fromId))).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/members/${fromId}` })).statusCode,
    ).toBe(404);
    // Invoices and the registration's ticket are the target's; the registration stays.
    const moved = await ctx.db
      .select({ id: invoices.id, contactId: invoices.contactId })
      .from(invoices)
      .where(eq(invoices.contactId, intoId));
    expect(moved.map((i) => i.id).sort()).toEqual([ticket.id, sponsorship.id].sort());
    const [stillThere] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registration!.id));
    expect(stillThere).toMatchObject({ userId: dup.id, invoiceId: ticket.id });
    const [hosted] = await ctx.db.query.events.findMany({
      where: (e, { eq: is }) => is(e.id, event.id),
    });
    expect(hosted!.contactId).toBe(intoId);
    if (category) {
      expect(
        await ctx.db
          .select()
          .from(contactCategories)
          .where(and(eq(contactCategories.contactId, intoId))),
      ).toHaveLength(1);
    }
    // One membership, the target's: the duplicate's went with it.
    const left = await ctx.db.select().from(memberships).where(eq(memberships.contactId, intoId));
    expect(left.map((m) => m.id)).toEqual([keptMembership!.id]);

    // The people: the target's primary, the duplicate's primary as an editor, the bookkeeper once.
    const people = await ctx.db
      .select({ userId: businessPeople.userId, role: businessPeople.role })
      .from(businessPeople)
      .where(eq(businessPeople.contactId, intoId));
    expect(people.map((p) => [p.userId, p.role]).sort()).toEqual(
      [
        [kept.id, 'primary'],
        [dup.id, 'editor'],
        [bookkeeper.id, 'billing'],
      ].sort(),
    );
    // The duplicate's sign-in acts for the target now.
    const [login] = await ctx.db.select().from(users).where(eq(users.id, dup.id));
    expect(login!.contactId).toBe(intoId);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(dupToken),
    });
    expect(profile.json<{ contactId: string | null }>().contactId).toBe(intoId);

    // The audit log says what was merged into what.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.merge'), eq(auditLog.targetId, intoId)));
    expect(entry).toMatchObject({
      targetType: 'contact',
      before: { merged: { id: fromId, businessName: `Same Shop ${n} (duplicate)` } },
    });
    expect(entry!.after).toMatchObject({
      moved: { invoices: 2, users: 1, events: 1, business_people: 1 },
      keptTarget: { memberships: 1, business_people: 1 },
    });

    // The users list shows each sign-in's businesses and roles.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(`sameshop.example`)}`,
      headers: bearer(tokens.admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const byEmail = new Map(list.json<UserList>().users.map((u) => [u.email, u.businesses]));
    expect(byEmail.get(dup.email)).toEqual([
      { contactId: intoId, businessName: `Same Shop ${n}`, role: 'editor' },
    ]);
    expect(byEmail.get(bookkeeper.email)).toEqual([
      { contactId: intoId, businessName: `Same Shop ${n}`, role: 'billing' },
    ]);
  });

  it('refuses a business merged into itself, an unknown one, and anyone but admins', async () => {
    const { intoId, fromId } = await duplicates();
    expect((await merge(fromId, fromId)).statusCode).toBe(400);
    expect((await merge(fromId, crypto.randomUUID())).statusCode).toBe(404);
    expect((await merge(fromId, 'not-a-uuid')).statusCode).toBe(404);
    expect((await merge(fromId, intoId, tokens.moderator)).statusCode).toBe(403);
    expect((await merge(fromId, intoId, tokens.member)).statusCode).toBe(403);
    // Nothing moved.
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, fromId))).toHaveLength(1);
  });
});
