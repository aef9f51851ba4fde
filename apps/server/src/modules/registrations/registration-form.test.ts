import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import { eventRegistrations } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import { createdEvent, startCalendarApp, type CalendarPeople } from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
let luncheon: Appointment;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
  luncheon = await createdEvent(ctx, people.owner.token, { title: 'Form Luncheon' });
});
afterAll(() => close());

let n = 0;
/** The event page's form as a browser posts it without scripts, from the page itself. */
function postForm(
  id: string,
  fields: Record<string, string>,
  from: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
) {
  n += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/calendars/appointments/${id}/registration-form`,
    remoteAddress: `198.18.60.${n}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      ...from,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const rowsOf = (email: string) =>
  ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));

describe('the registration form without scripts', () => {
  it('registers the party by the same rule and answers a page saying so', async () => {
    const before = smtp.received.length;
    const res = await postForm(luncheon.id, {
      name: 'Morgan Lee',
      email: 'morgan@form.example',
      numberOfGuests: '2',
      phone: '',
      notes: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>You&#39;re Registered!</h1>');
    expect(res.body).toContain('sent a confirmation to your email.');
    expect(res.body).toContain(`href="/events/${luncheon.id}"`);
    // Styled by its one style block, which its own policy allows by hash; nothing else runs.
    const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1] ?? '';
    expect(style).toContain('max-width');
    const hash = createHash('sha256').update(style).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(policy).toContain("default-src 'none'");
    expect(res.body).not.toContain('<script');
    const [row] = await rowsOf('morgan@form.example');
    expect(row).toMatchObject({ name: 'Morgan Lee', guests: 2, seatStatus: 'confirmed' });
    // The confirmation is mailed, as for the JSON route.
    const mails = await smtp.waitFor(before + 1);
    expect(mails.slice(before).some((m) => m.subject === "You're registered: Form Luncheon")).toBe(
      true,
    );
  });

  it('answers bad input with a 400 page naming what to fix, and registers nobody', async () => {
    const res = await postForm(luncheon.id, { name: 'Morgan Lee', email: 'not-an-address' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Please check the form</h1>');
    expect(res.body).toContain('Please enter a valid email address.');
    expect(await rowsOf('not-an-address')).toHaveLength(0);

    const noName = await postForm(luncheon.id, { name: ' ', email: 'blank@form.example' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Full name is required');
    expect(await rowsOf('blank@form.example')).toHaveLength(0);
  });

  it('puts a party that does not fit on the waiting list, and says so', async () => {
    const small = await createdEvent(ctx, people.owner.token, { title: 'Tiny Tour', capacity: 1 });
    const first = await postForm(small.id, { name: 'First In', email: 'first@form.example' });
    expect(first.statusCode, first.body).toBe(201);
    const full = await postForm(small.id, { name: 'Next Up', email: 'next@form.example' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.body).toContain('<h1>You&#39;re on the Waiting List</h1>');
    const [row] = await rowsOf('next@form.example');
    expect(row).toMatchObject({ seatStatus: 'waitlisted' });
  });

  it('answers a missing event with a 404 page', async () => {
    const res = await postForm('no-such-event', { name: 'Morgan Lee', email: 'm2@form.example' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Registration not possible</h1>');
  });

  it("refuses a post from another site's page", async () => {
    const cross = await postForm(
      luncheon.id,
      { name: 'Eve Else', email: 'eve@form.example' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.statusCode).toBe(403);
    const byOrigin = await postForm(
      luncheon.id,
      { name: 'Eve Else', email: 'eve@form.example' },
      { origin: 'https://elsewhere.example' },
    );
    expect(byOrigin.statusCode).toBe(403);
    expect(await rowsOf('eve@form.example')).toHaveLength(0);
    // The portal's own origin (PUBLIC_URL) is its own page.
    const own = await postForm(
      luncheon.id,
      { name: 'Own Page', email: 'own@form.example' },
      { origin: 'https://portal.example' },
    );
    expect(own.statusCode, own.body).toBe(201);
  });

  it('is throttled with the JSON route: the same address again and again is refused', async () => {
    let last = 201;
    for (let i = 0; i < 12 && last !== 429; i += 1) {
      last = (await postForm(luncheon.id, { name: 'Rapid Fire', email: 'rapid@form.example' }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});
