import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveDetail, DriveList, DriveSummary, MyDrives, Prospect } from '@chamber/contract';
import { businessPeople, contacts, invoices, mailOutbox } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';

let ctx: TestContext;
let staff: string;
/** Recording a payment is an admin's. */
let admin: string;
let volunteerA: { token: string; personId: string };
let volunteerB: { token: string; personId: string };
let bystander: string;
let driveId: string;
let vA: string;
let vB: string;
let memberContact: string;

const BASE = '/api/admin/campaigns/sponsorship';

let n = 0;
/** A member business's signed-in person, and their person id. */
async function memberPerson() {
  n += 1;
  const user = await createTestUser(ctx.db, {
    firstName: `Vol${n}`,
    lastName: 'Unteer',
    contact: { businessName: `Volunteering Shop ${n}` },
  });
  const [person] = await ctx.db
    .select({ id: businessPeople.id })
    .from(businessPeople)
    .where(eq(businessPeople.userId, user.id));
  return { ...user, token: await signIn(ctx, user.email), personId: person!.id };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function newProspect(volunteerId: string, name: string): Promise<Prospect> {
  const res = await call('POST', `${BASE}/${driveId}/prospects`, staff, {
    volunteerId,
    business: { name, contactName: 'Pat Owner', email: `${name.replace(/\W/g, '')}@example.org` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Prospect>();
}

const patch = (id: string, body: object, token = staff) =>
  call('PATCH', `${BASE}/${driveId}/prospects/${id}`, token, body);
const detail = async () => (await call('GET', `${BASE}/${driveId}`, staff)).json<DriveDetail>();

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'moderator', contact: false })).email,
  );
  admin = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
  );
  volunteerA = await memberPerson();
  volunteerB = await memberPerson();
  bystander = (await memberPerson()).token;
  const res = await call('POST', BASE, staff, {
    name: 'Total Resource Campaign 2026',
    goalCents: 5_000_000,
    startsOn: '2026-03-01',
    endsOn: '2026-04-15',
  });
  expect(res.statusCode, res.body).toBe(201);
  driveId = res.json<DriveSummary>().id;
  for (const v of [volunteerA, volunteerB]) {
    const added = await call('POST', `${BASE}/${driveId}/volunteers`, staff, {
      personId: v.personId,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const board = await detail();
  vA = board.volunteers.find((x) => x.name === 'Vol1 Unteer')!.id;
  vB = board.volunteers.find((x) => x.name === 'Vol2 Unteer')!.id;
  memberContact = (
    await createTestUser(ctx.db, { contact: { businessName: 'Existing Member Bakery' } })
  ).contactId!;
});
afterAll(() => ctx.close());

describe('the sponsorship drive', () => {
  it('lists drives at the static path while a newsletter campaign id still routes', async () => {
    const list = await call('GET', BASE, staff);
    expect(list.statusCode).toBe(200);
    expect(list.json<DriveList>().drives.map((d) => d.name)).toContain(
      'Total Resource Campaign 2026',
    );
    // `/admin/campaigns/{id}` is still the newsletters': an unknown id is a 404 of theirs.
    const campaign = await call(
      'GET',
      '/api/admin/campaigns/00000000-0000-4000-8000-000000000000',
      staff,
    );
    expect(campaign.statusCode).toBe(404);
  });

  it('refuses a drive that ends before it starts, and a member', async () => {
    const bad = await call('POST', BASE, staff, {
      name: 'Backwards',
      goalCents: 100,
      startsOn: '2026-05-01',
      endsOn: '2026-04-01',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', BASE, volunteerA.token)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${driveId}`, bystander)).statusCode).toBe(403);
  });

  it('makes a new business a contact without membership, and takes a member business', async () => {
    const p = await newProspect(vA, 'Newcomer Hardware');
    expect(p).toMatchObject({ status: 'contacted', member: false, contactName: 'Pat Owner' });
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, p.contactId));
    expect(row).toMatchObject({
      memberSince: null,
      listed: false,
      businessName: 'Newcomer Hardware',
    });
    // The same address again is a clear 409, not a second contact.
    const again = await call('POST', `${BASE}/${driveId}/prospects`, staff, {
      volunteerId: vA,
      business: {
        name: 'Newcomer Again',
        contactName: 'Pat Owner',
        email: 'NEWCOMERHARDWARE@example.org',
      },
    });
    expect(again.statusCode, again.body).toBe(409);
    const member = await call('POST', `${BASE}/${driveId}/prospects`, staff, {
      volunteerId: vB,
      contactId: memberContact,
      note: 'Met at the mixer',
      nextStepOn: '2026-03-12',
    });
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json<Prospect>()).toMatchObject({
      member: true,
      businessName: 'Existing Member Bakery',
      nextStepOn: '2026-03-12',
      notes: [{ text: 'Met at the mixer' }],
    });
  });

  it('moves contacted ⇄ pledged and refuses impossible moves', async () => {
    const p = await newProspect(vA, 'Mover Plumbing');
    // A pledge needs its amount and description.
    expect((await patch(p.id, { status: 'pledged' })).statusCode).toBe(400);
    // Invoiced and paid are never moved to by hand.
    expect((await patch(p.id, { status: 'invoiced' })).statusCode).toBe(409);
    expect((await patch(p.id, { status: 'paid' })).statusCode).toBe(409);
    const pledged = await patch(p.id, {
      status: 'pledged',
      pledgeCents: 250_000,
      pledgeDescription: 'Gold sponsor',
      note: 'Said yes on the phone',
    });
    expect(pledged.statusCode, pledged.body).toBe(200);
    expect(pledged.json<Prospect>()).toMatchObject({ status: 'pledged', pledgeCents: 250_000 });
    const back = await patch(p.id, { status: 'contacted' });
    expect(back.json<Prospect>().status).toBe('contacted');
    // Sending the invoice of a prospect that has not pledged is refused.
    const early = await call('POST', `${BASE}/${driveId}/prospects/${p.id}/invoice`, staff);
    expect(early.statusCode).toBe(409);
  });

  it('turns a pledge into an invoice, and the payment of it into paid', async () => {
    const p = await newProspect(vB, 'Invoice Me Inc');
    await patch(p.id, { status: 'pledged', pledgeCents: 120_000, pledgeDescription: 'Silver' });
    const sent = await call('POST', `${BASE}/${driveId}/prospects/${p.id}/invoice`, staff);
    expect(sent.statusCode, sent.body).toBe(200);
    const invoiced = sent.json<Prospect>();
    expect(invoiced.status).toBe('invoiced');
    expect(invoiced.invoice).toMatchObject({ status: 'open', totalCents: 120_000 });
    expect(invoiced.invoice!.number).toMatch(/^2026-/);
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoiced.invoice!.id));
    expect(invoice).toMatchObject({ purpose: 'sponsorship', contactId: p.contactId });
    const mail = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice'));
    expect(mail.some((m) => JSON.stringify(m.params).includes(invoice!.id))).toBe(true);
    // Twice is refused; and an invoiced prospect cannot be moved back.
    expect(
      (await call('POST', `${BASE}/${driveId}/prospects/${p.id}/invoice`, staff)).statusCode,
    ).toBe(409);
    expect((await patch(p.id, { status: 'pledged' })).statusCode).toBe(409);
    expect((await patch(p.id, { pledgeCents: 1 })).statusCode).toBe(409);
    const paid = await call('POST', `/api/admin/invoices/${invoice!.id}/payments`, admin, {
      amountCents: 120_000,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await detail()).prospects.find((x) => x.id === p.id)!;
    expect(after.status).toBe('paid');
    expect(after.invoice!.status).toBe('paid');
    expect((await patch(p.id, { status: 'contacted' })).statusCode).toBe(409);
  });

  it('issues one invoice when Send invoice is pressed twice at once', async () => {
    const p = await newProspect(vA, 'Double Click Ltd');
    await patch(p.id, { status: 'pledged', pledgeCents: 80_000, pledgeDescription: 'Bronze' });
    const url = `${BASE}/${driveId}/prospects/${p.id}/invoice`;
    const answers = await Promise.all([call('POST', url, staff), call('POST', url, staff)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const issued = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.contactId, p.contactId));
    expect(issued).toHaveLength(1);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice'));
    expect(mails.filter((m) => JSON.stringify(m.params).includes(issued[0]!.id))).toHaveLength(1);
  });

  it('keeps volunteers to their own prospects; a member who is not one sees none', async () => {
    const own = await newProspect(vA, 'Own Prospect');
    const theirs = await newProspect(vB, 'Their Prospect');
    const mine = await call('GET', '/api/sponsorship-drives/mine', volunteerA.token);
    expect(mine.statusCode).toBe(200);
    const names = mine.json<MyDrives>().drives[0]!.prospects.map((p) => p.businessName);
    expect(names).toContain('Own Prospect');
    expect(names).not.toContain('Their Prospect');
    const url = (id: string) => `/api/sponsorship-drives/mine/prospects/${id}`;
    const changed = await call('PATCH', url(own.id), volunteerA.token, { note: 'Called back' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Prospect>().notes.at(-1)).toMatchObject({
      text: 'Called back',
      by: 'Vol1 Unteer',
    });
    expect((await call('PATCH', url(theirs.id), volunteerA.token, { note: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PATCH', url(own.id), volunteerA.token, { volunteerId: vB })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', url(own.id), bystander, { note: 'x' })).statusCode).toBe(403);
    const none = await call('GET', '/api/sponsorship-drives/mine', bystander);
    expect(none.json<MyDrives>()).toEqual({ drives: [] });
    // Staff's side is staff's only.
    expect((await patch(own.id, { note: 'x' }, volunteerA.token)).statusCode).toBe(403);
  });

  it('totals the leaderboard per volunteer against the goal', async () => {
    const fresh = await call('POST', BASE, staff, {
      name: 'Leaderboard check',
      goalCents: 1_000_000,
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
    });
    const id = fresh.json<DriveSummary>().id;
    for (const v of [volunteerA, volunteerB]) {
      await call('POST', `${BASE}/${id}/volunteers`, staff, { personId: v.personId });
    }
    const board0 = (await call('GET', `${BASE}/${id}`, staff)).json<DriveDetail>();
    const a = board0.volunteers.find((v) => v.name === 'Vol1 Unteer')!.id;
    const b = board0.volunteers.find((v) => v.name === 'Vol2 Unteer')!.id;
    const make = async (volunteerId: string, name: string, cents: number | null) => {
      const res = await call('POST', `${BASE}/${id}/prospects`, staff, {
        volunteerId,
        business: { name, contactName: 'Sam Lee', email: `${name.replace(/\W/g, '')}@example.org` },
      });
      const p = res.json<Prospect>();
      if (cents !== null) {
        await call('PATCH', `${BASE}/${id}/prospects/${p.id}`, staff, {
          status: 'pledged',
          pledgeCents: cents,
          pledgeDescription: 'Package',
        });
      }
      return p.id;
    };
    // A: 100,000 paid + 50,000 invoiced + 25,000 pledged + one only contacted.
    const paid = await make(a, 'A paid', 100_000);
    const invoiced = await make(a, 'A invoiced', 50_000);
    await make(a, 'A pledged', 25_000);
    await make(a, 'A contacted', null);
    // B: 300,000 pledged.
    await make(b, 'B pledged', 300_000);
    for (const p of [paid, invoiced]) {
      await call('POST', `${BASE}/${id}/prospects/${p}/invoice`, staff);
    }
    const board1 = (await call('GET', `${BASE}/${id}`, staff)).json<DriveDetail>();
    const invoiceId = board1.prospects.find((p) => p.id === paid)!.invoice!.id;
    const payment = await call('POST', `/api/admin/invoices/${invoiceId}/payments`, admin, {
      amountCents: 100_000,
      method: 'cash',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const board = (await call('GET', `${BASE}/${id}`, staff)).json<DriveDetail>();
    expect(board).toMatchObject({
      goalCents: 1_000_000,
      pledgedCents: 475_000,
      invoicedCents: 150_000,
      paidCents: 100_000,
    });
    expect(
      board.volunteers.map((v) => [
        v.name,
        v.pledgedCents,
        v.invoicedCents,
        v.paidCents,
        v.prospects,
      ]),
    ).toEqual([
      ['Vol2 Unteer', 300_000, 0, 0, 1],
      ['Vol1 Unteer', 175_000, 150_000, 100_000, 4],
    ]);
  });
});
