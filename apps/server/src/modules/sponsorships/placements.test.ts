import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type SponsorPlacements,
  type SponsorReport,
  type SponsorshipPackage,
  type SponsorshipPackageInput,
  type SponsorshipSale,
} from '@chamber/contract';
import { businessPeople, invoices, sponsorPlacementDays } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { bearer, dataUrl, makeImage } from '../../test/members.js';

let ctx: TestContext;
let admin: string;
let adminEmail: string;
let acme: { token: string; contactId: string; email: string };
let bolt: { token: string; contactId: string; email: string };

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function business(name: string) {
  const user = await createTestUser(ctx.db, {
    contact: { businessName: name, membershipTier: 'elite', paymentStatus: 'paid' },
  });
  return { token: await signIn(ctx, user.email), contactId: user.contactId!, email: user.email };
}

/** Moves the clock to `at` (never back), and signs everyone in again. */
async function moveTo(at: string) {
  const ms = new Date(at).getTime() - ctx.clock.now().getTime();
  expect(ms, `the clock only moves forward (to ${at})`).toBeGreaterThanOrEqual(0);
  ctx.clock.advance(ms);
  admin = await signIn(ctx, adminEmail);
  acme.token = await signIn(ctx, acme.email);
  bolt.token = await signIn(ctx, bolt.email);
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  // The chamber, in America/Denver.
  await createCalendar(ctx.db);
  const staff = await createTestUser(ctx.db, { role: 'admin', contact: false });
  adminEmail = staff.email;
  admin = await signIn(ctx, staff.email);
  acme = await business('Acme Hardware');
  bolt = await business('Bolt Bikes');
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
async function sold(overrides: Partial<SponsorshipPackageInput>, who = acme) {
  const pkg = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/sponsorship-packages',
    headers: bearer(admin),
    payload: {
      name: `Package ${++n}`,
      priceCents: 40_000,
      quantity: 5,
      startsOn: '2026-04-01',
      endsOn: '2026-04-30',
      placements: [{ kind: 'home' }, { kind: 'calendar' }],
      ...overrides,
    },
  });
  expect(pkg.statusCode, pkg.body).toBe(201);
  const sale = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/sponsorship-packages/${pkg.json<SponsorshipPackage>().id}/sales`,
    headers: bearer(admin),
    payload: { memberId: who.contactId, payment: 'invoice' },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  return sale.json<SponsorshipSale>();
}

async function live(slot: string, agent = BROWSER) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sponsors/placements?slot=${encodeURIComponent(slot)}`,
    headers: { 'user-agent': agent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SponsorPlacements>().sponsors;
}
const liveIds = async (slot: string) => (await live(slot, BOT)).map((s) => s.id);

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const setHold = async (holdUnpaid: boolean) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/sponsorship-settings',
    headers: bearer(admin),
    payload: { holdUnpaid },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('placements', () => {
  // The clock starts at 2026-03-10T17:00Z; every test moves it forward only.
  it("goes live on the period's first day at local midnight and comes off after its last", async () => {
    // 1 November 2026 is the day Denver leaves summer time: the period starts at midnight
    // MDT (06:00Z) and its last day, 2 November, ends at midnight MST (07:00Z on the 3rd).
    const sale = await sold({
      startsOn: '2026-11-01',
      endsOn: '2026-11-02',
      placements: [{ kind: 'home' }, { kind: 'directory' }],
    });
    await moveTo('2026-11-01T05:59:59Z');
    expect(await liveIds('home')).not.toContain(sale.id);
    await moveTo('2026-11-01T06:00:00Z');
    expect(await liveIds('home')).toContain(sale.id);
    expect(await liveIds('directory')).toContain(sale.id);
    // Not on a slot its package does not include.
    expect(await liveIds('calendar')).not.toContain(sale.id);
    expect(await liveIds('jobs')).not.toContain(sale.id);
    await moveTo('2026-11-03T06:59:59Z');
    expect(await liveIds('home')).toContain(sale.id);
    await moveTo('2026-11-03T07:00:00Z');
    expect(await liveIds('home')).not.toContain(sale.id);
  });

  it("shows an event's sponsor on that event's slot only, with its level", async () => {
    const event = '6f1b0f0e-8a8e-4d4e-9a53-0d3a0c6b2a11';
    const other = '7f1b0f0e-8a8e-4d4e-9a53-0d3a0c6b2a12';
    const sale = await sold({
      startsOn: '2026-11-03',
      endsOn: '2026-12-31',
      placements: [{ kind: 'event', eventId: event, level: 'gold' }],
    });
    const sponsors = await live(`event:${event}`, BOT);
    expect(sponsors.find((s) => s.id === sale.id)).toMatchObject({
      businessName: 'Acme Hardware',
      level: 'gold',
    });
    expect(await liveIds(`event:${other}`)).not.toContain(sale.id);
  });

  it('refuses a slot it does not know with a clear 400', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/sponsors/placements?slot=sidebar',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('slot is one of home, calendar, directory, jobs or event:{eventId}');
  });

  it('holds a sponsor whose invoice is unpaid after its due date, when the setting is on', async () => {
    const sale = await sold({ startsOn: '2026-11-10', endsOn: '2027-06-30' });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, sale.invoiceId!));
    await moveTo('2026-11-10T12:00:00Z');
    await setHold(true);
    // Within its terms: shown.
    expect(await liveIds('home')).toContain(sale.id);
    // The day after the due date, unpaid: held while the setting is on, shown when it is off.
    const { dueOn } = invoice!;
    await moveTo(`${dueOn}T12:00:00Z`);
    expect(await liveIds('home')).toContain(sale.id);
    await moveTo(`${addDays(dueOn, 1)}T12:00:00Z`);
    expect(await liveIds('home')).not.toContain(sale.id);
    await setHold(false);
    expect(await liveIds('home')).toContain(sale.id);
    await setHold(true);
    expect(await liveIds('home')).not.toContain(sale.id);
    // Paid: shown again at once.
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${sale.invoiceId}/payments`,
      headers: bearer(admin),
      payload: { amountCents: 40_000, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await liveIds('home')).toContain(sale.id);
    await setHold(false);
  });
});

describe('logo, impressions, clicks and the report', () => {
  let saleId: string;

  beforeAll(async () => {
    saleId = (await sold({ startsOn: '2026-01-01', endsOn: '2028-12-31' }, bolt)).id;
  });

  it("takes a logo uploaded for the sponsor's business, and a link; refuses others", async () => {
    const uploadLogo = async (token: string, contactId = bolt.contactId) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/medias/upload-sponsor-logo',
        headers: bearer(token),
        payload: {
          fileData: dataUrl(await makeImage('png', { width: 40, height: 20 })),
          fileName: 'logo.png',
          contactId,
        },
      });
    const upload = await uploadLogo(bolt.token);
    expect(upload.statusCode, upload.body).toBe(201);
    const logoUrl = upload.json<{ mediaUrl: string }>().mediaUrl;
    const creative = (token: string, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/sponsors/${saleId}/creative`,
        headers: bearer(token),
        payload,
      });
    const saved = await creative(bolt.token, {
      logoUrl,
      logoAlt: 'Bolt Bikes logo',
      link: 'https://bolt.example.org/ride',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Another business's person may not; an image from elsewhere and a link that is no web
    // address are refused.
    expect((await creative(acme.token, { link: 'https://acme.example.org/' })).statusCode).toBe(
      403,
    );
    const elsewhere = await creative(admin, { logoUrl: 'https://tracker.example.org/x.png' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('Images must be uploaded to the portal first.');
    const badLink = await creative(admin, { link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    const shown = (await live('home', BOT)).find((s) => s.id === saleId);
    expect(shown).toMatchObject({
      logoUrl,
      logoAlt: 'Bolt Bikes logo',
      link: 'https://bolt.example.org/ride',
      clickUrl: `/api/sponsors/${saleId}/click?slot=home`,
    });
  });

  it("lets only staff and the business's primary or billing person upload its logo", async () => {
    const upload = async (token: string, contactId = bolt.contactId) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/medias/upload-sponsor-logo',
        headers: bearer(token),
        payload: {
          fileData: dataUrl(await makeImage('png', { width: 30, height: 30 })),
          fileName: 'logo.png',
          contactId,
        },
      });
    const person = async (role: 'billing' | 'editor' | 'employee') => {
      const user = await createTestUser(ctx.db, { contact: false });
      await ctx.db
        .insert(businessPeople)
        .values({ contactId: bolt.contactId, userId: user.id, role, firstName: role });
      return signIn(ctx, user.email);
    };
    // An editor keeps the listing (its avatar may be theirs to upload), not the sponsorship.
    const editor = await upload(await person('editor'));
    expect(editor.statusCode).toBe(403);
    expect(editor.json().message).toBe(
      'Only Bolt Bikes’s primary or billing person may upload its sponsor logo.',
    );
    expect((await upload(await person('employee'))).statusCode).toBe(403);
    expect((await upload(acme.token)).statusCode).toBe(403);
    expect((await upload(await person('billing'))).statusCode).toBe(201);
    expect((await upload(admin)).statusCode).toBe(201);
    // A business without a sponsorship has no sponsor logo to upload.
    const none = await createTestUser(ctx.db, { contact: { businessName: 'No Sponsor Cafe' } });
    const refused = await upload(await signIn(ctx, none.email), none.contactId!);
    expect(refused.statusCode).toBe(404);
    expect((await upload(admin, none.contactId!)).statusCode).toBe(404);
  });

  it('counts impressions and clicks of browsers, not bots, and adds them to daily totals', async () => {
    const day = () =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(ctx.clock.now());
    await live('home');
    await live('home');
    await live('calendar');
    await live('home', BOT);
    await live('home', '');
    const click = (agent: string, slot = 'home') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/sponsors/${saleId}/click?slot=${slot}&to=https://evil.example.org/`,
        headers: { 'user-agent': agent },
      });
    const followed = await click(BROWSER);
    expect(followed.statusCode).toBe(302);
    // Only to the stored link, whatever the request says.
    expect(followed.headers.location).toBe('https://bolt.example.org/ride');
    expect((await click(BOT)).statusCode).toBe(302);
    // Not live on the directory: no redirect at all.
    expect((await click(BROWSER, 'directory')).statusCode).toBe(404);
    // Nothing written per view: the counts wait in memory until the flush.
    expect(
      await ctx.db
        .select()
        .from(sponsorPlacementDays)
        .where(eq(sponsorPlacementDays.sponsorshipId, saleId)),
    ).toEqual([]);
    // The report writes what is pending first.
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report`,
      headers: bearer(bolt.token),
    });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json<SponsorReport>();
    expect(body.days.sort((a, b) => a.slot.localeCompare(b.slot))).toEqual([
      { slot: 'calendar', day: day(), impressions: 1, clicks: 0 },
      { slot: 'home', day: day(), impressions: 2, clicks: 1 },
    ]);
    expect(body.totals).toEqual([
      { slot: 'home', impressions: 2, clicks: 1 },
      { slot: 'calendar', impressions: 1, clicks: 0 },
    ]);
    // A second batch adds to the day's totals (an upsert, not a second row).
    await live('home');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report`,
      headers: bearer(admin),
    });
    expect(again.json<SponsorReport>().totals[0]).toEqual({
      slot: 'home',
      impressions: 3,
      clicks: 1,
    });
  });

  it('refuses the report to other businesses’ people and to anonymous callers', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report`,
      headers: bearer(acme.token),
    });
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('Only staff and the sponsor’s people may see this.');
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report`,
    });
    expect(anonymous.statusCode).toBe(401);
    // An employee of the sponsor's business may read it.
    const employee = await createTestUser(ctx.db, { contact: false });
    await ctx.db.insert(businessPeople).values({
      contactId: bolt.contactId,
      userId: employee.id,
      role: 'employee',
      firstName: 'Em',
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report`,
      headers: bearer(await signIn(ctx, employee.email)),
    });
    expect(read.statusCode, read.body).toBe(200);
  });

  it("sums the report up in a PDF with the period and the totals, for the sponsor's people", async () => {
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Denver',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(ctx.clock.now());
    for (const token of [bolt.token, admin]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/sponsors/${saleId}/report.pdf`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="sponsor-report-bolt-bikes-2026-01-01.pdf"',
      );
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain('Sponsor report');
      expect(text).toContain('Bolt Bikes');
      expect(text).toContain('Period: January 1, 2026 to December 31, 2028');
      expect(text).toContain(`Prepared: ${today}`);
      // Per placement: impressions, clicks, click rate; then the totals.
      expect(text).toContain('Home page 3 1 33.3%');
      expect(text).toContain('Calendar 1 0 0.0%');
      expect(text).toContain('Total 4 1 25.0%');
    }
  });

  it('refuses the PDF to other businesses’ people and to anonymous callers', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report.pdf`,
      headers: bearer(acme.token),
    });
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toContain('application/json');
    expect(other.body).toContain('Only staff and the sponsor’s people may see this.');
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/sponsors/${saleId}/report.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/sponsors/8d7a1c2e-0000-4000-8000-000000000000/report.pdf',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await ctx.app.inject({
      method: 'GET',
      url: '/api/sponsors/nope/report.pdf',
      headers: bearer(admin),
    });
    expect(notAnId.statusCode).toBe(400);
  });

  it('writes the counts still in memory when the server closes cleanly', async () => {
    await live('calendar');
    await live('calendar');
    await ctx.app.close();
    const rows = await ctx.db
      .select()
      .from(sponsorPlacementDays)
      .where(eq(sponsorPlacementDays.sponsorshipId, saleId));
    expect(rows.find((r) => r.slot === 'calendar')?.impressions).toBe(3);
  });
});
