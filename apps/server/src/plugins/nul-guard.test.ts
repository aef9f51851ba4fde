import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '@chamber/db';
import { createCalendar } from '../test/calendar.js';
import { createTestApp, createTestUser, signIn, type TestContext } from '../test/app.js';
import { bearer, dataUrl, makeImage } from '../test/members.js';
import { findNul } from './nul-guard.js';

let ctx: TestContext;
let admin: string;
let member: { token: string; contactId: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
  admin = await signIn(ctx, (await createTestUser(ctx.db, { role: 'admin' })).email);
  const user = await createTestUser(ctx.db, { contact: { membershipTier: 'elite' } });
  member = { token: await signIn(ctx, user.email), contactId: user.contactId! };
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('a NUL character anywhere in a request', () => {
  it('is refused with a 4xx by every route, wherever it is, never a 500', async () => {
    const failures: string[] = [];
    for (const { method, url } of ctx.app.routeList) {
      // Every path parameter (and wildcard) set to NUL, or a NUL in the query string or body.
      const nulPath = url.replace(/:\w+/g, '%00').replace('*', '%00');
      const plainPath = url.replace(/:\w+/g, 'x').replace('*', 'x');
      const body = { name: NUL, email: `a${NUL}@example.org`, nested: { list: ['ok', NUL] } };
      const calls = [
        ...(nulPath === url ? [] : [{ url: nulPath }]),
        { url: `${plainPath}?search=%00&q=%00&startDate=%00` },
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
            failures.push(`${method} ${call.url} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

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

  it('finds NUL characters in nested values and in field names', () => {
    expect(findNul({ a: [{ b: 'x' }, { c: `y${NUL}` }] })).toBe('a.1.c');
    expect(findNul({ a: { [`k${NUL}`]: 'v' } })).toBe('a');
    expect(findNul(`x${NUL}`)).toBe('');
    expect(findNul({ a: 'clean', b: [1, true, null] })).toBeUndefined();
  });
});
