import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createCalendar } from '../test/calendar.js';
import { createTestApp, createTestUser, signIn, type TestContext } from '../test/app.js';
import { bearer, dataUrl, makeImage } from '../test/members.js';
import { errorHandlerPlugin } from './error-handler.js';
import { findInputFault, inputGuardPlugin, MAX_DEPTH } from './input-guard.js';

let ctx: TestContext;
let admin: string;
let adminEmail: string;
let member: { token: string; contactId: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
  adminEmail = (await createTestUser(ctx.db, { role: 'admin' })).email;
  admin = await signIn(ctx, adminEmail);
  const user = await createTestUser(ctx.db, { contact: { membershipTier: 'elite' } });
  member = { token: await signIn(ctx, user.email), contactId: user.contactId! };
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Nested arrays `levels` deep: 8,000 of them is a 16 KB body. */
const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
};

/** Text no handler may see: each is refused with a 4xx on every route. */
const refused = [
  { name: 'NUL', text: NUL },
  { name: 'a lone high surrogate', text: 'Caf\uD83D' },
  { name: 'a lone low surrogate', text: '\uDE00 grin' },
  { name: 'a reversed pair', text: '\uDE00\uD83D' },
] as const;

/**
 * Values that are fine as text, or become fine on the way in, but must never reach a query or
 * a page unchecked: impossible calendar dates; the patterns String.replace reads in a
 * replacement string; and a lone surrogate's bytes in a URL (UTF-8 has no form for one, so
 * the URL decoder reads them as invalid and makes them U+FFFD).
 */
const awkward = ['2026-02-30', '0000-01-01', '2026-13-01', "Smith $' Sons $` & $& Co", '\uFFFD'];
const awkwardInUrl = [...awkward.map(encodeURIComponent), 'Caf%ED%A0%BD'];

function pathsOf(url: string, value: string) {
  return url.replace(/:\w+/g, value).replace('*', value);
}

describe('input no handler should see, sent to every route', () => {
  it('is refused with a 4xx wherever it is, never a 500', async () => {
    const failures: string[] = [];
    for (const { method, url } of ctx.app.routeList) {
      const plainPath = pathsOf(url, 'x');
      for (const { name, text } of refused) {
        const body = { name: text, email: `a${text}@example.org`, nested: { list: ['ok', text] } };
        // A URL can carry a NUL (%00) but no lone surrogate (above).
        const inPath = pathsOf(url, '%00');
        const calls = [
          ...(name !== 'NUL' ? [] : [{ url: `${plainPath}?search=%00&q=%00&startDate=%00` }]),
          ...(name !== 'NUL' || inPath === url ? [] : [{ url: inPath }]),
          ...(withBody.has(method) ? [{ url: plainPath, payload: body }] : []),
        ];
        for (const token of [undefined, admin]) {
          for (const call of calls) {
            const res = await ctx.app.inject({
              method: method as 'GET',
              headers: bearer(token),
              ...call,
            });
            if (res.statusCode < 400 || res.statusCode >= 500) {
              failures.push(`${name}: ${method} ${call.url} → ${res.statusCode}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses JSON nested thousands deep with a 400, on every route that reads a body', async () => {
    const failures: string[] = [];
    // Written out: JSON.stringify itself recurses.
    const deep = `{"name":${'['.repeat(8000)}"x"${']'.repeat(8000)}}`;
    expect(deep.length).toBeLessThan(17_000);
    for (const { method, url } of ctx.app.routeList) {
      if (!withBody.has(method)) continue;
      for (const token of [undefined, admin]) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: pathsOf(url, 'x'),
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: deep,
        });
        if (res.statusCode < 400 || res.statusCode >= 500) {
          failures.push(`${method} ${url} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers impossible dates and replacement patterns in the query string without a 500', async () => {
    const failures: string[] = [];
    // A session of its own, whatever the sweeps before did with theirs.
    const token = await signIn(ctx, adminEmail);
    // GET only: reads change nothing, so the admin's session outlives the sweep.
    for (const { method, url } of ctx.app.routeList.filter((r) => r.method === 'GET')) {
      for (const value of awkwardInUrl) {
        const query = ['search', 'q', 'from', 'to', 'startDate', 'endDate', 'date', 'year']
          .map((key) => `${key}=${value}`)
          .join('&');
        // As the admin, who may call every route: a visitor would mostly meet a 401.
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: `${pathsOf(url, value)}?${query}`,
          headers: bearer(token),
        });
        if (res.statusCode >= 500) failures.push(`${value}: ${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('names the field in a 400, in the query string, the path and the body', async () => {
    const cases = [
      { method: 'GET', url: '/api/members?search=%00', field: 'search' },
      { method: 'GET', url: '/api/locations/%00', field: 'locationId' },
      {
        method: 'PUT',
        url: `/api/members/${member.contactId}`,
        payload: { tagline: `Open${NUL}late` },
        field: 'tagline',
      },
      {
        method: 'PUT',
        url: `/api/members/${member.contactId}`,
        payload: { specialties: ['Bakery', `Cakes${NUL}`] },
        field: 'specialties.1',
      },
      {
        method: 'POST',
        url: '/api/calendars/appointments',
        payload: {
          title: `Ribbon${NUL}cutting`,
          startTime: '2026-04-15T22:00:00Z',
          endTime: '2026-04-15T23:00:00Z',
        },
        field: 'title',
      },
    ] as const;
    for (const { field, ...call } of cases) {
      const res = await ctx.app.inject({ ...call, headers: bearer(member.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        message: `${field}: must not contain a NUL character`,
      });
    }
  });

  it('names the field holding a lone surrogate in a 400: sign-up, sign-in, registration, invoice', async () => {
    const event = await createEvent(ctx.db, {
      calendarId: 'racc-events',
      startTime: new Date(Date.now() + 7 * 86_400_000),
    });
    const cases = [
      {
        url: '/api/auth/register',
        payload: {
          email: 'new@example.org',
          password: 'long enough password',
          firstName: 'Jo\uD800',
          lastName: 'Doe',
        },
        field: 'firstName',
        token: undefined,
      },
      {
        url: '/api/auth/authorize',
        payload: {
          email: 'someone@example.org',
          password: 'pass\uDFFFword',
          codeChallenge: 'x'.repeat(43),
          codeChallengeMethod: 'S256',
          redirectUri: ctx.config.redirectUri,
        },
        field: 'password',
        token: undefined,
      },
      {
        url: `/api/calendars/appointments/${event.id}/registrations`,
        payload: { name: 'Pat \uDE00', email: 'pat@example.org', numberOfGuests: 1 },
        field: 'name',
        token: undefined,
      },
      {
        url: '/api/admin/invoices',
        payload: {
          billTo: { name: 'Acme', email: 'billing@example.org' },
          lines: [{ description: 'Booth \uD83D', unitCents: 3000 }],
        },
        field: 'lines.0.description',
        token: admin,
      },
    ];
    for (const { field, token, ...call } of cases) {
      const res = await ctx.app.inject({ method: 'POST', ...call, headers: bearer(token) });
      expect(res.statusCode, call.url).toBe(400);
      const message = `${field}: must not contain an unpaired surrogate (U+D800 to U+DFFF alone)`;
      // The OAuth endpoints answer in RFC 6749's words.
      expect(res.json()).toEqual(
        call.url === '/api/auth/authorize'
          ? { error: 'invalid_request', error_description: message }
          : { error: 'validation_failed', message },
      );
    }
  });

  it('refuses days that do not exist with a 400 naming the field, in queries and bodies', async () => {
    const cases = [
      { method: 'GET', url: '/api/admin/exports/payments.csv?from=2026-02-30', field: 'from' },
      { method: 'GET', url: '/api/admin/exports/payments.csv?to=0000-01-01', field: 'to' },
      { method: 'GET', url: '/api/admin/exports/payments.csv?from=2025-02-29', field: 'from' },
      {
        method: 'POST',
        url: '/api/deals',
        payload: { contactId: member.contactId, offer: '10% off', validUntil: '2026-02-30' },
        field: 'validUntil',
      },
      {
        method: 'POST',
        url: '/api/job-posts',
        payload: {
          title: 'Baker',
          description: 'Bake bread.',
          employmentType: 'full_time',
          workplace: 'remote',
          applyTo: 'https://jobs.example.org/baker',
          closesOn: '2026-04-31',
        },
        field: 'closesOn',
      },
      {
        method: 'POST',
        url: '/api/admin/invoices',
        payload: {
          contactId: member.contactId,
          lines: [{ description: 'Booth', unitCents: 3000 }],
          dueOn: '0000-01-01',
        },
        field: 'dueOn',
      },
    ] as const;
    for (const { field, ...call } of cases) {
      const res = await ctx.app.inject({ ...call, headers: bearer(admin) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(res.json().issues, `${call.method} ${call.url}`).toContainEqual({
        path: field,
        message: 'must be a day that exists',
      });
    }
    // A leap day is one.
    const leap = await ctx.app.inject({
      url: '/api/admin/exports/payments.csv?from=2028-02-29',
      headers: bearer(admin),
    });
    expect(leap.statusCode).toBe(200);
  });

  it('refuses an upload whose file name holds a NUL, and stores nothing', async () => {
    const before = await ctx.db.$count(media);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/medias/upload-event-cover',
      headers: bearer(member.token),
      payload: {
        fileData: dataUrl(await makeImage('png')),
        fileName: `cover${NUL}.png`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('fileName: must not contain a NUL character');
    expect(await ctx.db.$count(media)).toBe(before);
  });

  it('looks in the query string too, whatever the parser makes of it', async () => {
    // Legacy %uXXXX escapes, as unescape() reads them, can make a lone surrogate.
    const app = Fastify({
      routerOptions: {
        querystringParser: (text) =>
          Object.fromEntries([...new URLSearchParams(text)].map(([k, v]) => [k, unescape(v)])),
      },
    });
    await app.register(errorHandlerPlugin);
    await app.register(inputGuardPlugin);
    app.get('/things/:id', async () => ({ ok: true }));
    const res = await app.inject({ url: '/things/1?search=Caf%uD83D' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'search: must not contain an unpaired surrogate (U+D800 to U+DFFF alone)',
    );
    expect((await app.inject({ url: '/things/1?search=%uD83D%uDE00' })).statusCode).toBe(200);
    await app.close();
  });

  it('finds the first fault in nested values and field names, however deep', () => {
    const nul = 'must not contain a NUL character';
    const lone = 'must not contain an unpaired surrogate (U+D800 to U+DFFF alone)';
    expect(findInputFault({ a: [{ b: 'x' }, { c: `y${NUL}` }] })).toEqual({
      path: 'a.1.c',
      problem: nul,
    });
    expect(findInputFault({ a: { [`k${NUL}`]: 'v' } })).toEqual({ path: 'a', problem: nul });
    expect(findInputFault({ [`k\uD800`]: 'v' })).toEqual({ path: 'a field name', problem: lone });
    expect(findInputFault(`x${NUL}`)).toEqual({ path: '', problem: nul });
    expect(findInputFault({ a: 'ok', b: ['fine', 'x\uDC00'] })).toEqual({
      path: 'b.1',
      problem: lone,
    });
    // A well-formed pair is one character (an emoji), not a fault.
    expect(
      findInputFault({ a: 'clean 😀', b: [1, true, null], c: '\uD83D\uDE00' }),
    ).toBeUndefined();
    expect(findInputFault({ a: nested(MAX_DEPTH - 1) })).toBeUndefined();
    expect(findInputFault({ a: nested(MAX_DEPTH) })).toEqual({
      path: 'a',
      problem: `must not nest deeper than ${MAX_DEPTH} levels`,
    });
    expect(() => findInputFault(nested(1_000_000))).not.toThrow();
  });
});
