import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuppressionList, UnsubscribeList } from '@chamber/contract';
import { mailPreferences, mailSuppressions } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { UnsubscribeTokens } from './tokens.js';

// Staff's lists of the addresses bulk mail does not reach: who left which topic (by a link or
// on the preference page), and the suppressed addresses a page at a time.

let ctx: TestContext;
let staff: string;
let memberToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'moderator', contact: false })).email,
  );
  memberToken = await signIn(ctx, (await createTestUser(ctx.db, {})).email);
});
afterAll(async () => ctx?.close());

const get = (url: string, token: string | null = staff) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const listed = async (query: string) => {
  const res = await get(`/api/admin/unsubscribes?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnsubscribeList>();
};

describe('GET /admin/unsubscribes', () => {
  it('lists who left which topic, the latest change first, by the recipients’ own links', async () => {
    const tokens = new UnsubscribeTokens(ctx.db);
    const leave = async (email: string, topic: 'newsletter' | 'announcements' | 'event-news') => {
      const token = await tokens.issue({ email, topic });
      const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(res.json()).toMatchObject({ valid: true });
    };
    await leave('first.reader@left.example', 'newsletter');
    ctx.clock.advance(60_000);
    await leave('second.reader@left.example', 'event-news');
    await leave('second.reader@left.example', 'announcements');
    // Taken back on the preference page: no topic left, so not listed.
    await leave('back.again@left.example', 'newsletter');
    const back = await tokens.issue({ email: 'back.again@left.example', topic: 'newsletter' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/unsubscribe/${back}/preferences`,
      payload: { topics: { newsletter: true } },
    });
    expect(put.statusCode).toBe(200);

    const all = await listed('q=left.example');
    expect(all.unsubscribes.map((u) => [u.email, u.topics])).toEqual([
      ['second.reader@left.example', ['announcements', 'event-news']],
      ['first.reader@left.example', ['newsletter']],
    ]);
    expect(all.pagination).toEqual({ total: 2, hasMore: false });
    expect(all.unsubscribes[0]!.updatedAt).toBe(ctx.clock.now().toISOString());
    expect((await listed('q=FIRST.reader')).unsubscribes.map((u) => u.email)).toEqual([
      'first.reader@left.example',
    ]);
  });

  it('pages server-side and takes the search’s wildcards literally', async () => {
    const at = new Date('2026-03-01T12:00:00Z');
    await ctx.db.insert(mailPreferences).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `many-${String(i).padStart(2, '0')}@paged.example`,
        newsletterOptOut: true,
        createdAt: at,
        updatedAt: new Date(at.getTime() + i * 60_000),
      })),
    );
    const first = await listed('q=paged.example');
    expect(first.unsubscribes).toHaveLength(25);
    expect(first.unsubscribes[0]!.email).toBe('many-29@paged.example');
    expect(first.pagination).toEqual({ total: 30, hasMore: true });
    const second = await listed('q=paged.example&offset=25&limit=25');
    expect(second.unsubscribes.map((u) => u.email)).toEqual([
      'many-04@paged.example',
      'many-03@paged.example',
      'many-02@paged.example',
      'many-01@paged.example',
      'many-00@paged.example',
    ]);
    expect(second.pagination).toEqual({ total: 30, hasMore: false });
    // `%` and `_` are characters of the address, not patterns.
    expect((await listed('q=%25')).pagination.total).toBe(0);
    expect((await listed('q=many_0')).pagination.total).toBe(0);
  });

  it('refuses a member and a visitor, and bad paging with a 400', async () => {
    expect((await get('/api/admin/unsubscribes', memberToken)).statusCode).toBe(403);
    expect((await get('/api/admin/unsubscribes', null)).statusCode).toBe(401);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=ten']) {
      const res = await get(`/api/admin/unsubscribes?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('GET /admin/suppressions, a page at a time', () => {
  it('counts every match and says when more follow', async () => {
    const at = new Date('2026-03-01T12:00:00Z');
    await ctx.db.insert(mailSuppressions).values(
      Array.from({ length: 7 }, (_, i) => ({
        email: `stop-${i}@paged.example`,
        reason: i % 2 ? 'hard-bounce' : 'manual',
        detail: `note ${i}`,
        createdAt: new Date(at.getTime() + i * 60_000),
      })),
    );
    const page = async (query: string) => {
      const res = await get(`/api/admin/suppressions?q=paged.example&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SuppressionList>();
    };
    const first = await page('limit=5');
    expect(first.suppressions.map((s) => s.email)).toEqual(
      [6, 5, 4, 3, 2].map((i) => `stop-${i}@paged.example`),
    );
    expect(first.truncated).toBe(true);
    expect(first.pagination).toEqual({ total: 7, hasMore: true });
    const second = await page('limit=5&offset=5');
    expect(second.suppressions.map((s) => s.email)).toEqual([
      'stop-1@paged.example',
      'stop-0@paged.example',
    ]);
    expect(second.truncated).toBe(false);
    expect((await get('/api/admin/suppressions?limit=201')).statusCode).toBe(400);
  });
});
