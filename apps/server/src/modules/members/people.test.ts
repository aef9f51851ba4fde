import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AcceptInvitationResponse,
  type AccountBusiness,
  type Appointment,
  type BusinessPeople,
  type InvitationPreview,
  peopleMessages,
  type RegistrationResult,
} from '@chamber/contract';
import { auditLog, businessPeople, eventRegistrations, users } from '@chamber/db';
import {
  createContact,
  createMailingApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { createCalendar, createdEvent, getAppointment, register } from '../../test/calendar.js';
import {
  bearer,
  putMember,
  putOwnProfile,
  signedInAdmin,
  storedContact,
} from '../../test/members.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;
const checks = outboxChecks(
  () => ctx,
  () => smtp,
);

const DAY = 86_400_000;
const NEW_PASSWORD = 'a colleague’s own password';

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp({
    PUBLIC_URL: 'https://portal.example.org',
    INVITATIONS_PER_DAY: '3',
  }));
  await createCalendar(ctx.db);
});
afterAll(() => close());

let n = 0;
const address = (who: string) => `${who}${++n}@people.example`;

/** A member business whose primary person signs in: its id and their token. */
async function business(name = 'Cedar Bakery') {
  const owner = await createTestUser(ctx.db, { contact: { businessName: name } });
  return { id: owner.contactId!, owner, token: await signIn(ctx, owner.email) };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const invite = (id: string, token: string, email: string, role = 'editor') =>
  call('POST', `/api/members/${id}/invitations`, token, { email, role });
const peopleOf = (id: string, token?: string) => call('GET', `/api/members/${id}/people`, token);
/** Each acceptance from its own client address, clear of the per-address limit. */
let client = 0;
const accept = (token: string, session?: string, payload: object = {}, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: bearer(session),
    payload,
    remoteAddress: remoteAddress ?? `198.18.61.${++client}`,
  });
const newSignIn = { firstName: 'Robin', lastName: 'Hale', password: NEW_PASSWORD };
const withPassword = { ...newSignIn, confirmPassword: NEW_PASSWORD };

/** The token of the last invitation link mailed to `to`. */
async function linkMailedTo(to: string): Promise<string> {
  await ctx.app.flushMail();
  const found = smtp
    .sentTo(to)
    .map((m) => /https:\/\/portal\.example\.org\/invitations\/([\w%-]+)/.exec(m.text ?? ''))
    .filter((m) => m !== null)
    .at(-1);
  if (!found) throw new Error(`no invitation link was mailed to ${to}`);
  return decodeURIComponent(found[1]!);
}

/** Invites `email` into the business and answers the mailed link's token. */
async function invited(b: { id: string; token: string }, email: string, role = 'editor') {
  const res = await invite(b.id, b.token, email, role);
  expect(res.statusCode, res.body).toBe(201);
  return linkMailedTo(email);
}

/** A colleague who joined `b` with a new sign-in: their token. */
async function colleague(b: { id: string; token: string }, role: string) {
  const email = address(role);
  const link = await invited(b, email, role);
  const res = await accept(link, undefined, withPassword);
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: await signIn(ctx, email, NEW_PASSWORD) };
}

const personId = async (contactId: string, email: string) => {
  const [row] = await ctx.db
    .select({ id: businessPeople.id })
    .from(businessPeople)
    .innerJoin(users, eq(users.id, businessPeople.userId))
    .where(and(eq(businessPeople.contactId, contactId), eq(users.email, email)));
  return row!.id;
};

const actingFor = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!.contactId;

describe('inviting a colleague', () => {
  it('mails a link from the outbox; accepting it makes a sign-in that keeps the listing', async () => {
    const b = await business();
    const email = address('editor');
    const mail = await checks.mailedFromTheOutboxOnly(
      'business-invitation',
      { subject: 'Join Cedar Bakery on Riverton Area Chamber of Commerce', to: email },
      async () => {
        const res = await invite(b.id, b.token, email.toUpperCase(), 'editor');
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          email,
          role: 'editor',
          invitedBy: `${b.owner.firstName} ${b.owner.lastName}`,
        });
      },
    );
    expect(mail.text).toContain('as a listing editor');
    const link = await linkMailedTo(email);

    const preview = await call('GET', `/api/invitations/${link}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<InvitationPreview>()).toMatchObject({
      businessName: 'Cedar Bakery',
      role: 'editor',
      email,
      hasAccount: false,
    });
    const listed = (await peopleOf(b.id, b.token)).json<BusinessPeople>();
    expect(listed.canManage).toBe(true);
    expect(listed.invitations.map((i) => i.email)).toEqual([email]);

    const mismatch = await accept(link, undefined, { ...newSignIn, confirmPassword: 'other' });
    expect(mismatch.statusCode).toBe(400);
    const accepted = await accept(link, undefined, withPassword);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AcceptInvitationResponse>()).toEqual({
      contactId: b.id,
      businessName: 'Cedar Bakery',
      role: 'editor',
      email,
      createdSignIn: true,
    });
    const token = await signIn(ctx, email, NEW_PASSWORD);
    expect(await actingFor(email)).toBe(b.id);
    const saved = await putMember(ctx, b.id, { tagline: 'Fresh at six' }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedContact(ctx, b.id)).tagline).toBe('Fresh at six');

    const now = (await peopleOf(b.id, token)).json<BusinessPeople>();
    expect(now.canManage).toBe(true);
    expect(now.invitations).toEqual([]);
    expect(now.people.map((p) => [p.role, p.name, p.hasSignIn, p.isYou])).toEqual([
      ['primary', `${b.owner.firstName} ${b.owner.lastName}`, true, false],
      ['editor', 'Robin Hale', true, true],
    ]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, b.id));
    expect(audit.map((e) => e.action)).toEqual(['business.invite', 'business.person.add']);
  });

  it('gives an employee member rights but not the listing nor its people', async () => {
    const b = await business();
    const employee = await colleague(b, 'employee');
    const refused = await putMember(ctx, b.id, { tagline: 'Mine now' }, employee.token);
    expect(refused.statusCode).toBe(403);
    const page = await call('GET', `/api/members/${b.id}`, employee.token);
    expect(page.json()).toMatchObject({ canEdit: false });
    const seen = (await peopleOf(b.id, employee.token)).json<BusinessPeople>();
    expect(seen).toMatchObject({ canManage: false, invitations: [] });
    expect(seen.people).toHaveLength(2);
    const invites = await invite(b.id, employee.token, address('friend'));
    expect(invites.statusCode).toBe(403);
    // Their own profile is theirs; the business's name and fields stay the primary person's.
    const before = await storedContact(ctx, b.id);
    const profile = await putOwnProfile(
      ctx,
      { firstName: 'Eve', lastName: 'Stone', tagline: 'Mine now' },
      employee.token,
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Eve Stone', contactId: b.id });
    const after = await storedContact(ctx, b.id);
    expect([after.firstName, after.lastName, after.tagline]).toEqual([
      before.firstName,
      before.lastName,
      before.tagline,
    ]);
    // Their own title and whether the listing shows them are theirs; the role is not.
    const own = await personId(b.id, employee.email);
    const titled = await call('PATCH', `/api/members/${b.id}/people/${own}`, employee.token, {
      title: 'Head baker',
      shownOnListing: true,
    });
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json()).toMatchObject({ title: 'Head baker', shownOnListing: true });
    const promoted = await call('PATCH', `/api/members/${b.id}/people/${own}`, employee.token, {
      role: 'editor',
    });
    expect(promoted.statusCode).toBe(403);
  });

  it('refuses an address already in the business, or already invited', async () => {
    const b = await business();
    const inBusiness = await invite(b.id, b.token, b.owner.email);
    expect(inBusiness.statusCode).toBe(409);
    expect(inBusiness.json().message).toBe(peopleMessages.alreadyInBusiness);
    const email = address('twice');
    expect((await invite(b.id, b.token, email)).statusCode).toBe(201);
    const again = await invite(b.id, b.token, email, 'billing');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(peopleMessages.alreadyInvited);
  });

  it('sends at most the set number of invitations a day per business', async () => {
    const b = await business();
    const other = await business('Elm Hardware');
    for (let i = 0; i < 3; i++) {
      expect((await invite(b.id, b.token, address('limit'))).statusCode).toBe(201);
    }
    // Withdrawing one does not give it back.
    const open = (await peopleOf(b.id, b.token)).json<BusinessPeople>().invitations;
    expect(
      (await call('DELETE', `/api/members/${b.id}/invitations/${open[0]!.id}`, b.token)).statusCode,
    ).toBe(204);
    const over = await invite(b.id, b.token, address('limit'));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(peopleMessages.invitationLimit);
    expect((await invite(other.id, other.token, address('limit'))).statusCode).toBe(201);
    ctx.clock.advance(DAY + 1000);
    const token = await signIn(ctx, b.owner.email);
    expect((await invite(b.id, token, address('limit'))).statusCode).toBe(201);
  });
});

describe('an invitation link', () => {
  it('works once, for 7 days, until withdrawn', async () => {
    const b = await business();
    const used = await invited(b, address('used'));
    expect((await accept(used, undefined, withPassword)).statusCode).toBe(200);
    const again = await accept(used, undefined, withPassword);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(peopleMessages.invitationGone);
    expect((await call('GET', `/api/invitations/${used}`)).statusCode).toBe(410);

    const withdrawnEmail = address('withdrawn');
    const withdrawn = await invited(b, withdrawnEmail);
    const [open] = (await peopleOf(b.id, b.token)).json<BusinessPeople>().invitations;
    expect(open!.email).toBe(withdrawnEmail);
    const gone = await call('DELETE', `/api/members/${b.id}/invitations/${open!.id}`, b.token);
    expect(gone.statusCode).toBe(204);
    expect((await call('GET', `/api/invitations/${withdrawn}`)).statusCode).toBe(410);
    expect((await accept(withdrawn, undefined, withPassword)).statusCode).toBe(410);

    const late = await invited(b, address('late'));
    ctx.clock.advance(7 * DAY - 60_000);
    expect((await call('GET', `/api/invitations/${late}`)).statusCode).toBe(200);
    ctx.clock.advance(120_000);
    expect((await call('GET', `/api/invitations/${late}`)).statusCode).toBe(410);
    expect((await accept(late, undefined, withPassword)).statusCode).toBe(410);

    expect((await call('GET', '/api/invitations/not-a-token')).statusCode).toBe(404);
    expect((await accept('not-a-token', undefined, withPassword)).statusCode).toBe(404);
  });

  it('is bound to the address it was sent to', async () => {
    const b = await business();
    const stranger = await createTestUser(ctx.db);
    const existing = await createTestUser(ctx.db, { contact: false });
    const link = await invited(b, existing.email, 'billing');
    expect((await call('GET', `/api/invitations/${link}`)).json()).toMatchObject({
      hasAccount: true,
    });

    const wrong = await accept(link, await signIn(ctx, stranger.email));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(peopleMessages.wrongAddress);
    // The address has a sign-in: it signs in first rather than making a second.
    const anonymous = await accept(link, undefined, withPassword);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json().message).toMatch(/Sign in with it first/);

    const joined = await accept(link, await signIn(ctx, existing.email));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ role: 'billing', createdSignIn: false });
    // It acted for no business: now it acts for this one.
    expect(await actingFor(existing.email)).toBe(b.id);
  });
});

describe('a business’s people', () => {
  it('keeps one primary person, handed over rather than removed', async () => {
    const b = await business();
    const editor = await colleague(b, 'editor');
    const ownId = await personId(b.id, b.owner.email);
    const demote = await call('PATCH', `/api/members/${b.id}/people/${ownId}`, b.token, {
      role: 'editor',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(peopleMessages.lastPrimary);
    const removed = await call('DELETE', `/api/members/${b.id}/people/${ownId}`, b.token);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(peopleMessages.lastPrimary);

    // An editor keeps the listing but does not take the business over.
    const editorId = await personId(b.id, editor.email);
    const takeOver = await call('PATCH', `/api/members/${b.id}/people/${editorId}`, editor.token, {
      role: 'primary',
    });
    expect(takeOver.statusCode).toBe(403);

    const handed = await call('PATCH', `/api/members/${b.id}/people/${editorId}`, b.token, {
      role: 'primary',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ role: 'primary', name: 'Robin Hale' });
    const listed = (await peopleOf(b.id, b.token)).json<BusinessPeople>().people;
    expect(listed.map((p) => [p.role, p.email])).toEqual([
      ['primary', editor.email],
      ['editor', b.owner.email],
    ]);
    expect(await storedContact(ctx, b.id)).toMatchObject({
      firstName: 'Robin',
      lastName: 'Hale',
      email: editor.email,
    });
    // The former primary person now keeps the listing as an editor and may be removed.
    expect((await putMember(ctx, b.id, { tagline: 'Still here' }, b.token)).statusCode).toBe(200);
    const gone = await call('DELETE', `/api/members/${b.id}/people/${ownId}`, editor.token);
    expect(gone.statusCode).toBe(204);
    expect(await actingFor(b.owner.email)).toBeNull();
    expect((await putMember(ctx, b.id, { tagline: 'Not mine' }, b.token)).statusCode).toBe(403);
  });

  it('takes member prices away from a removed colleague at once; their registrations stay', async () => {
    const admin = await signedInAdmin(ctx);
    const event = await createdEvent(ctx, admin, {
      title: 'Members’ Luncheon',
      memberPriceCents: 2500,
      priceCents: 3500,
      ticketPayment: 'door',
    });
    const b = await business();
    const employee = await colleague(b, 'employee');
    const seen = (await getAppointment(ctx, event.id, employee.token)).json<Appointment>();
    expect(seen.ticket).toMatchObject({ viewerPriceCents: 2500, viewerIsMember: true });
    const registered = await register(
      ctx,
      event.id,
      { name: 'Robin Hale', email: employee.email, numberOfGuests: 1 },
      { token: employee.token, remoteAddress: '198.18.60.1' },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const result = registered.json<RegistrationResult>();
    expect(result.ticket).toMatchObject({ amountCents: 2500 });

    const id = await personId(b.id, employee.email);
    expect((await call('DELETE', `/api/members/${b.id}/people/${id}`, b.token)).statusCode).toBe(
      204,
    );
    const after = (await getAppointment(ctx, event.id, employee.token)).json<Appointment>();
    expect(after.ticket).toMatchObject({ viewerPriceCents: 3500, viewerIsMember: false });
    expect((await peopleOf(b.id, employee.token)).statusCode).toBe(403);
    const kept = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, result.registration.id));
    expect(kept).toHaveLength(1);
  });

  it('shows its people to them and staff only', async () => {
    const b = await business();
    const stranger = await createTestUser(ctx.db);
    expect((await peopleOf(b.id)).statusCode).toBe(401);
    const refused = await peopleOf(b.id, await signIn(ctx, stranger.email));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(peopleMessages.notAPerson);
    const staff = (await peopleOf(b.id, await signedInAdmin(ctx))).json<BusinessPeople>();
    expect(staff.canManage).toBe(true);
  });
});

describe('a person of two businesses', () => {
  it('acts for the one they pick', async () => {
    const first = await business('Cedar Bakery');
    const second = await business('Elm Hardware');
    const link = await invited(second, first.owner.email, 'editor');
    expect((await accept(link, first.token)).statusCode).toBe(200);
    // Still acting for the business it acted for.
    const listed = await call('GET', '/api/account/businesses', first.token);
    expect(
      listed
        .json<{ businesses: AccountBusiness[] }>()
        .businesses.map((x) => [x.businessName, x.role, x.acting]),
    ).toEqual([
      ['Cedar Bakery', 'primary', true],
      ['Elm Hardware', 'editor', false],
    ]);
    const profile = () => call('GET', '/api/auth/profile', first.token);
    expect((await profile()).json()).toMatchObject({ contactId: first.id });

    const switched = await call('PUT', '/api/account/business', first.token, {
      contactId: second.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(
      switched.json<{ businesses: AccountBusiness[] }>().businesses.find((x) => x.acting)
        ?.contactId,
    ).toBe(second.id);
    expect((await profile()).json()).toMatchObject({
      contactId: second.id,
      businessName: 'Elm Hardware',
    });
    expect((await putMember(ctx, second.id, { tagline: 'Tools' }, first.token)).statusCode).toBe(
      200,
    );
    expect((await putMember(ctx, first.id, { tagline: 'Bread' }, first.token)).statusCode).toBe(
      403,
    );

    const stranger = await createContact(ctx.db);
    const notMine = await call('PUT', '/api/account/business', first.token, {
      contactId: stranger.id,
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(peopleMessages.notAPerson);

    await call('PUT', '/api/account/business', first.token, { contactId: first.id });
    expect((await putMember(ctx, first.id, { tagline: 'Bread' }, first.token)).statusCode).toBe(
      200,
    );
  });
});

describe('accepting invitations from one client address', () => {
  it('is limited to 10 tries in 15 minutes, before any password is hashed', async () => {
    const tries = [];
    for (let i = 0; i < 11; i += 1) {
      tries.push((await accept(`made-up-${i}`, undefined, withPassword, '198.18.62.1')).statusCode);
    }
    expect(tries.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(tries[10]).toBe(429);
    // Another client is not held back.
    expect((await accept('made-up-x', undefined, withPassword, '198.18.62.2')).statusCode).toBe(
      404,
    );
  });
});
