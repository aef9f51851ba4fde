import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, Chamber, SubmissionList } from '@chamber/contract';
import { calendars, chambers, submissions } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { outboxChecks } from '../../test/outbox.js';
import { startSmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tokens: Record<'member' | 'moderator' | 'admin', string>;

const settings = {
  name: 'Riverton Area Chamber of Commerce',
  shortName: 'RACC',
  address1: '12830 S Redwood Rd',
  city: 'Riverton',
  state: 'ut',
  postalCode: '84065',
  phone: '(801) 555-0142',
  email: 'info@rivertonchamber.example',
  website: 'https://rivertonchamber.example',
  socialUrl: 'https://www.facebook.com/rivertonchamber.example',
  logoUrl: '',
  accentColor: '#1f5f8b',
  coursesUrl: '',
  basicSignupUrl: 'https://forms.leadservice.example/widget/form/basic',
  enhancedSignupUrl: '',
  eliteSignupUrl: '',
  businessOfMonthSurveyUrl: 'https://forms.leadservice.example/widget/survey/botm',
  customerServiceSurveyUrl: '',
  contactFormUrl: '',
  formEmbedScriptUrl: 'https://forms.leadservice.example/js/form_embed.js',
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@rivertonchamber.example' });
  await ctx.db.insert(chambers).values({
    id: 'riverton',
    name: 'Riverton Chamber',
    email: 'info@rivertonchamber.example',
  });
  await ctx.db.insert(calendars).values({ id: 'racc', locationId: 'riverton' });
  const as = async (role: 'member' | 'moderator' | 'admin') =>
    signIn(ctx, (await createTestUser(ctx.db, { role })).email);
  tokens = {
    member: await as('member'),
    moderator: await as('moderator'),
    admin: await as('admin'),
  };
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const put = (body: object, token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/locations/riverton',
    headers: bearer(token),
    payload: body,
  });

describe("the chamber's record", () => {
  it('only admins edit it, and the change is audited', async () => {
    expect((await put(settings)).statusCode).toBe(401);
    expect((await put(settings, tokens.member)).statusCode).toBe(403);
    expect((await put(settings, tokens.moderator)).statusCode).toBe(403);
    const res = await put(settings, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Chamber>()).toMatchObject({
      ...settings,
      state: 'UT',
      id: 'riverton',
    });

    const publicView = await ctx.app.inject({ url: '/api/locations/riverton' });
    expect(publicView.json<Chamber>().basicSignupUrl).toBe(settings.basicSignupUrl);

    const audit = (
      await ctx.app.inject({ url: '/api/admin/audit', headers: bearer(tokens.admin) })
    ).json<AuditList>();
    expect(audit.entries[0]).toMatchObject({
      action: 'location.update',
      target: { type: 'location', id: 'riverton' },
      before: { name: 'Riverton Chamber', basicSignupUrl: '' },
      after: { name: settings.name, basicSignupUrl: settings.basicSignupUrl },
    });
  });

  it('refuses unsafe or malformed values', async () => {
    const cases: [object, string][] = [
      [
        { basicSignupUrl: 'http://forms.example/plain' },
        'basicSignupUrl: Must be an https:// address',
      ],
      [{ contactFormUrl: 'javascript:alert(1)' }, 'contactFormUrl: Must be an https:// address'],
      [{ accentColor: 'blue' }, 'accentColor: Accent colour must be a hex colour such as #1f5f8b'],
      [{ state: 'Utah' }, 'state: State must be at most 2 characters (e.g. UT)'],
      [
        { logoUrl: 'http://tracker.example/logo.png' },
        'logoUrl: upload the logo, or give an https address.',
      ],
      [{ name: '' }, 'name: Name is required'],
    ];
    for (const [change, message] of cases) {
      const res = await put({ ...settings, ...change }, tokens.admin);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/locations/nowhere',
          headers: bearer(tokens.admin),
          payload: settings,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the chamber's courses site", () => {
  const coursesUrl = async () =>
    (await ctx.app.inject({ url: '/api/locations/riverton' })).json<Chamber>().coursesUrl;
  const lastAudit = async () =>
    (
      await ctx.app.inject({ url: '/api/admin/audit', headers: bearer(tokens.admin) })
    ).json<AuditList>().entries[0];

  it('is set and cleared by admins, audited, and public on the record /courses reads', async () => {
    expect(await coursesUrl()).toBe('');
    const set = await put(
      { ...settings, coursesUrl: '  https://learn.rivertonchamber.example/catalog  ' },
      tokens.admin,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Chamber>().coursesUrl).toBe('https://learn.rivertonchamber.example/catalog');
    expect(await coursesUrl()).toBe('https://learn.rivertonchamber.example/catalog');
    expect(await lastAudit()).toMatchObject({
      action: 'location.update',
      target: { type: 'location', id: 'riverton' },
      before: { coursesUrl: '' },
      after: { coursesUrl: 'https://learn.rivertonchamber.example/catalog' },
    });

    const cleared = await put({ ...settings, coursesUrl: ' ' }, tokens.admin);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await coursesUrl()).toBe('');
    expect(await lastAudit()).toMatchObject({
      before: { coursesUrl: 'https://learn.rivertonchamber.example/catalog' },
      after: { coursesUrl: '' },
    });
  });

  it('refuses anything but an https address, with a 4xx naming the field', async () => {
    const https =
      'coursesUrl: The courses site must be an https:// address, such as https://learn.example.org';
    const cases: [string, string][] = [
      ['javascript:alert(document.cookie)', https],
      ['JavaScript:alert(1)//https://learn.example.org', https],
      ['http://learn.rivertonchamber.example', https],
      ['data:text/html,<script>alert(1)</script>', https],
      ['https:/learn.rivertonchamber.example', https],
      ['learn.rivertonchamber.example', https],
      [
        `https://learn.rivertonchamber.example/${'a'.repeat(1000)}`,
        'coursesUrl: The courses site address must be at most 1000 characters',
      ],
      [
        'https://learn.rivertonchamber.example/\u0000',
        'coursesUrl: must not contain a NUL character',
      ],
    ];
    for (const [value, message] of cases) {
      const res = await put({ ...settings, coursesUrl: value }, tokens.admin);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    }
    expect(await coursesUrl()).toBe('');
  });

  it('stays as it is when an edit leaves it out, as a client written before it does', async () => {
    const site = 'https://learn.rivertonchamber.example/catalog';
    expect((await put({ ...settings, coursesUrl: site }, tokens.admin)).statusCode).toBe(200);
    const older = await put(
      { ...settings, coursesUrl: undefined, phone: '801-555-0111' },
      tokens.admin,
    );
    expect(older.statusCode).toBe(200);
    expect(older.json<Chamber>()).toMatchObject({ coursesUrl: site, phone: '801-555-0111' });
    expect(await coursesUrl()).toBe(site);
    const restored = await put({ ...settings, coursesUrl: '' }, tokens.admin);
    expect(restored.statusCode).toBe(200);
  });

  it('is changed by no member, moderator or visitor', async () => {
    const body = { ...settings, coursesUrl: 'https://learn.rivertonchamber.example' };
    expect((await put(body)).statusCode).toBe(401);
    expect((await put(body, tokens.member)).statusCode).toBe(403);
    expect((await put(body, tokens.moderator)).statusCode).toBe(403);
    expect(await coursesUrl()).toBe('');
  });

  it('is documented in the OpenAPI document, in the record and in the edit', async () => {
    type Schema = { properties?: Record<string, { description?: string }> };
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
          }
        >
      >;
    }>();
    const location = doc.paths['/api/locations/{locationId}']!;
    const edit = location.put!.requestBody!.content['application/json']!.schema;
    expect(edit.properties?.coursesUrl?.description).toMatch(/learning site/);
    const record = location.get!.responses['200']!.content!['application/json']!.schema;
    expect(record.properties?.coursesUrl?.description).toMatch(/learning site/);
  });
});

describe('the native forms', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());
  const shown = () => ctx.clock.now().getTime() - 60_000;
  const contact = (extra: object = {}, remoteAddress = '203.0.113.10') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      remoteAddress,
      payload: {
        name: 'Hannah Price',
        email: 'hannah@copperleafcoffee.example',
        phone: '(801) 555-0175',
        message: 'Can we host the March mixer at the roastery?',
        startedAt: shown(),
        ...extra,
      },
    });

  it('stores a message and mails it to the chamber, replying to the sender', async () => {
    const before = smtp.received.length;
    const res = await contact();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Thank you for your message. We will get back to you soon.',
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('Contact form from Hannah Price');
    expect(mail!.to).toMatchObject({ value: [{ address: 'info@rivertonchamber.example' }] });
    expect(mail!.replyTo).toMatchObject({
      value: [{ address: 'hannah@copperleafcoffee.example' }],
    });
    expect(mail!.text).toContain('Can we host the March mixer at the roastery?');
    // Marked mailed once the outbox has sent it.
    await ctx.app.flushMail();
    const list = (
      await ctx.app.inject({ url: '/api/admin/submissions', headers: bearer(tokens.admin) })
    ).json<SubmissionList>();
    expect(list.submissions[0]).toMatchObject({
      kind: 'contact',
      name: 'Hannah Price',
      mailed: true,
    });
  });

  it('mails a message from the outbox, queued with the message itself', async () => {
    const mail = await outbox.mailedFromTheOutboxOnly(
      'site-submission',
      { subject: 'Contact form from Olive Outbox', to: 'info@rivertonchamber.example' },
      async () => {
        const res = await contact({ name: 'Olive Outbox' }, '203.0.113.11');
        expect(res.statusCode).toBe(201);
        const [stored] = await ctx.db
          .select()
          .from(submissions)
          .where(eq(submissions.name, 'Olive Outbox'));
        expect(stored).toMatchObject({ mailed: false });
      },
    );
    expect(mail.replyTo).toMatchObject({ value: [{ address: 'hannah@copperleafcoffee.example' }] });
    const [stored] = await ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.name, 'Olive Outbox'));
    expect(stored).toMatchObject({ mailed: true });
  });

  it('stores no message when its mail cannot be queued', async () => {
    await outbox.refuseAtCommit('site-submission');
    const res = await contact({ name: 'Rolf Rolled' }, '203.0.113.12');
    expect(res.statusCode).toBe(500);
    const stored = await ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.name, 'Rolf Rolled'));
    expect(stored).toEqual([]);
  });

  it('drops a filled honeypot quietly and refuses a form sent too fast', async () => {
    const count = async () => (await ctx.db.select().from(submissions)).length;
    const stored = await count();
    const bot = await contact({ website: 'http://spam.example' }, '203.0.113.20');
    expect(bot.statusCode).toBe(201);
    expect(await count()).toBe(stored);
    const fast = await contact({ startedAt: ctx.clock.now().getTime() - 500 }, '203.0.113.21');
    expect(fast.statusCode).toBe(400);
    expect(fast.json().message).toBe(
      'This form was sent within seconds of opening it, as automated senders do. Your answers are kept: check them, wait a few seconds, then send the form again.',
    );
    const stale = await contact(
      { startedAt: ctx.clock.now().getTime() - 8 * 86_400_000 },
      '203.0.113.22',
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'This form was opened more than a week ago. Reload the page, fill it in again and send it.',
    );
    expect(await count()).toBe(stored);
  });

  it('limits each address to 5 messages an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await contact({}, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('validates fields and never answers 500 to bad input', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'email: Please enter a valid email address.'],
      [{ name: '' }, 'name: Your name is required'],
      [{ message: '' }, 'message: A message is required'],
      [{ startedAt: 'yesterday' }, 'startedAt: Invalid input: expected number, received string'],
    ];
    for (const [extra, message] of cases) {
      const res = await contact(extra, '203.0.113.30');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('takes nominations for both awards', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/site/nominations',
      remoteAddress: '203.0.113.40',
      payload: {
        category: 'customer_service',
        name: 'Derek Sorensen',
        email: 'derek@sorensenrealty.example',
        nominee: 'Rosa Jimenez',
        nomineeBusiness: 'Copperleaf Coffee House',
        message: 'Remembers every regular by name and order.',
        startedAt: ctx.clock.now().getTime() - 120_000,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Thank you for your nomination!' });
    const list = (
      await ctx.app.inject({
        url: '/api/admin/submissions?kind=customer_service',
        headers: bearer(tokens.admin),
      })
    ).json<SubmissionList>();
    expect(list.submissions.map((s) => [s.nominee, s.nomineeBusiness])).toEqual([
      ['Rosa Jimenez', 'Copperleaf Coffee House'],
    ]);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/site/nominations',
      remoteAddress: '203.0.113.41',
      payload: {
        category: 'business_of_month',
        name: 'A',
        email: 'a@example.org',
        message: 'x',
        startedAt: 1,
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('nominee: Who are you nominating?');
  });

  it('lists submissions for admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/submissions' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/admin/submissions', headers: bearer(tokens.moderator) }))
        .statusCode,
    ).toBe(403);
  });
});
