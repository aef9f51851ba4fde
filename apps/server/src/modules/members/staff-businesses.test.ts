import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberList, SponsorshipPackage, StaffBusiness } from '@chamber/contract';
import { auditLog, businessPeople, contacts } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';

// Staff find any business on file (the directory shows only listed members) and put a new
// prospect on file, to sell it a sponsorship.
let ctx: TestContext;
let admin: string;
let moderator: string;
let member: { token: string; contactId: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
  admin = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
  );
  moderator = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'moderator', contact: false })).email,
  );
  const owner = await createTestUser(ctx.db, {
    contact: { businessName: 'Quarry Lane Bakery', membershipTier: 'elite', paymentStatus: 'paid' },
  });
  member = { token: await signIn(ctx, owner.email), contactId: owner.contactId! };
});
afterAll(() => ctx.close());

const search = (term: string, token = moderator) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/members?search=${encodeURIComponent(term)}`,
    headers: bearer(token),
  });
const createProspect = (payload: object, token = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/members', headers: bearer(token), payload });

describe('staff business search', () => {
  it('finds a business without a membership that the directory does not show', async () => {
    // As a sponsorship drive puts a new business on file: no membership, not listed.
    const [prospect] = await ctx.db
      .insert(contacts)
      .values({
        businessName: 'Quarry Lane Pottery',
        firstName: 'Noor',
        lastName: 'Haddad',
        email: 'noor@quarrylanepottery.example',
        listed: false,
      })
      .returning();
    if (!prospect) throw new Error('no prospect');
    const directory = await ctx.app.inject({
      method: 'GET',
      url: '/api/members?search=Quarry%20Lane',
    });
    const listed = directory.json<MemberList>().members.map((m) => m.id);
    expect(listed).toContain(member.contactId);
    expect(listed).not.toContain(prospect.id);

    const res = await search('quarry lane');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ businesses: StaffBusiness[] }>().businesses;
    expect(found.map((b) => b.name)).toEqual(['Quarry Lane Bakery', 'Quarry Lane Pottery']);
    expect(found.find((b) => b.id === prospect.id)).toMatchObject({ member: false });
    expect(found.find((b) => b.id === member.contactId)).toMatchObject({ member: true });
  });

  it('matches the primary person and the email, and takes % as a letter', async () => {
    await createContact(ctx.db, {
      businessName: 'Juniper Forge',
      firstName: 'Winifred',
      lastName: 'Okafor',
      email: 'hello@juniperforge.example',
    });
    const byPerson = (await search('winifred oka')).json<{ businesses: StaffBusiness[] }>();
    expect(byPerson.businesses.map((b) => b.name)).toEqual(['Juniper Forge']);
    expect(byPerson.businesses[0]!.contactName).toBe('Winifred Okafor');
    const byEmail = (await search('juniperforge.ex')).json<{ businesses: StaffBusiness[] }>();
    expect(byEmail.businesses.map((b) => b.name)).toEqual(['Juniper Forge']);
    const wildcard = (await search('%%')).json<{ businesses: StaffBusiness[] }>();
    expect(wildcard.businesses).toEqual([]);
  });

  it('refuses a term under two characters, and anyone but staff', async () => {
    expect((await search('q')).statusCode).toBe(400);
    expect((await search('quarry', member.token)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/members?search=qu' })).statusCode,
    ).toBe(401);
  });
});

describe('a prospect put on file by staff', () => {
  it('is a contact without membership, not listed, with its primary person', async () => {
    const res = await createProspect({
      name: 'Saltmarsh Kayaks',
      contactName: 'Imre Vasquez Lind',
      email: 'Imre@Saltmarsh.example',
      phone: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<StaffBusiness>();
    expect(created).toMatchObject({
      name: 'Saltmarsh Kayaks',
      contactName: 'Imre Vasquez Lind',
      email: 'imre@saltmarsh.example',
      member: false,
    });
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, created.id));
    expect(row).toMatchObject({ listed: false, memberSince: null, phone: null });
    const people = await ctx.db
      .select()
      .from(businessPeople)
      .where(eq(businessPeople.contactId, created.id));
    expect(people.map((p) => p.role)).toEqual(['primary']);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(['business.prospect.create']);

    const found = (await search('saltmarsh')).json<{ businesses: StaffBusiness[] }>();
    expect(found.businesses.map((b) => b.id)).toEqual([created.id]);
  });

  it('can be sold a sponsorship at once', async () => {
    const prospect = (
      await createProspect({
        name: 'Ferncliff Cider',
        contactName: 'Ola Brandt',
        email: 'ola@ferncliff.example',
      })
    ).json<StaffBusiness>();
    const pkg = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sponsorship-packages',
      headers: bearer(admin),
      payload: {
        name: 'Calendar partner',
        description: 'Your logo under the calendar.',
        priceCents: 20_000,
        quantity: 1,
        startsOn: '2026-04-01',
        endsOn: '2026-12-31',
        placements: [{ kind: 'calendar' }],
      },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const sale = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sponsorship-packages/${pkg.json<SponsorshipPackage>().id}/sales`,
      headers: bearer(admin),
      payload: { memberId: prospect.id, payment: 'invoice' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json()).toMatchObject({ businessName: 'Ferncliff Cider', status: 'confirmed' });
  });

  it('refuses an email already on file, bad input, and anyone but staff', async () => {
    const taken = await createProspect({
      name: 'Another Kayak Shop',
      contactName: 'Someone Else',
      email: 'IMRE@saltmarsh.example',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'A business with this email is already on file: find it by name instead.',
    );
    const bad = await createProspect({ name: '', contactName: 'X', email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    const refused = await createProspect(
      { name: 'Sneaky Shop', contactName: 'Sam Sneak', email: 'sam@sneaky.example' },
      member.token,
    );
    expect(refused.statusCode).toBe(403);
    expect((await search('sneaky')).json<{ businesses: StaffBusiness[] }>().businesses).toEqual([]);
  });
});
