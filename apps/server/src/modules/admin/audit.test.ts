import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '@chamber/contract';
import { auditLog, chambers } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { parseCsv } from '../../lib/csv.js';

let ctx: TestContext;
let token: string;
let memberToken: string;
let avery: { id: string; email: string };
let blake: { id: string; email: string };

const get = (url: string, as = token) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(as) });

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(chambers).values({ id: 'loc', name: 'Chamber', timezone: 'America/Denver' });
  avery = await createTestUser(ctx.db, {
    role: 'admin',
    firstName: 'Avery',
    lastName: 'Lindqvist',
    email: 'avery@audit.example',
    contact: false,
  });
  blake = await createTestUser(ctx.db, {
    role: 'admin',
    firstName: 'Blake',
    lastName: 'Okafor',
    email: 'blake@audit.example',
    contact: false,
  });
  token = await signIn(ctx, avery.email);
  const member = await createTestUser(ctx.db, { email: 'member@audit.example' });
  memberToken = await signIn(ctx, member.email);

  // Known entries: two by Avery, one by Blake, one by an account since deleted; the first keeps
  // every field of the record (as older entries did), of which only the status changed.
  await ctx.db.insert(auditLog).values([
    {
      actorId: avery.id,
      actorEmail: avery.email,
      action: 'user.status',
      targetType: 'user',
      targetId: '11111111-1111-4111-8111-111111111111',
      targetLabel: 'Dana Reyes <dana@audit.example>',
      before: { firstName: 'Dana', status: 'active', role: 'member' },
      after: { firstName: 'Dana', status: 'suspended', role: 'member' },
      reason: 'Spam listings',
      createdAt: new Date('2026-03-01T16:00:00Z'),
    },
    {
      actorId: avery.id,
      actorEmail: avery.email,
      action: 'job_post.approve',
      targetType: 'job_post',
      targetId: '22222222-2222-4222-8222-222222222222',
      targetLabel: 'Barista at Bean There',
      before: { status: 'pending', title: 'Barista' },
      after: { status: 'approved', title: 'Barista' },
      reason: null,
      // 23:30 on 4 March in Denver: 5 March in UTC.
      createdAt: new Date('2026-03-05T06:30:00Z'),
    },
    {
      actorId: blake.id,
      actorEmail: blake.email,
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: '33333333-3333-4333-8333-333333333333',
      targetLabel: 'INV-0042',
      before: { status: 'open', totalCents: 15000 },
      after: { status: 'void', totalCents: 15000 },
      reason: 'Billed twice',
      createdAt: new Date('2026-03-06T18:00:00Z'),
    },
    {
      actorId: null,
      actorEmail: 'gone@audit.example',
      action: 'membership_plan.delete',
      targetType: 'membership_plan',
      targetId: 'plan-old',
      targetLabel: 'Founders',
      before: { name: 'Founders', priceCents: 9900 },
      after: null,
      reason: null,
      createdAt: new Date('2026-03-08T18:00:00Z'),
    },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/admin/audit: the audit log for people', () => {
  it('names actors and records, and keeps only the fields that changed', async () => {
    const res = await get('/admin/audit');
    expect(res.statusCode).toBe(200);
    const log = res.json<AuditList>();
    expect(log.pagination).toEqual({ total: 4, hasMore: false });
    expect(log.entries.map((e) => e.action)).toEqual([
      'membership_plan.delete',
      'invoice.void',
      'job_post.approve',
      'user.status',
    ]);
    const [removed, voided, , suspended] = log.entries;
    expect(suspended).toMatchObject({
      actor: { id: avery.id, name: 'Avery Lindqvist', email: avery.email },
      target: { type: 'user', label: 'Dana Reyes <dana@audit.example>' },
      reason: 'Spam listings',
    });
    expect(suspended!.before).toEqual({ status: 'active' });
    expect(suspended!.after).toEqual({ status: 'suspended' });
    expect(voided!.actor.name).toBe('Blake Okafor');
    expect(voided!.before).toEqual({ status: 'open' });
    expect(voided!.after).toEqual({ status: 'void' });
    // A deleted account's entry names the address it kept; a removal keeps what was removed.
    expect(removed!.actor).toEqual({
      id: null,
      email: 'gone@audit.example',
      name: 'gone@audit.example',
    });
    expect(removed!.before).toEqual({ name: 'Founders', priceCents: 9900 });
    expect(removed!.after).toBeNull();
    expect(log.facets).toEqual({
      actors: [
        { id: avery.id, name: 'Avery Lindqvist' },
        { id: blake.id, name: 'Blake Okafor' },
      ],
      entities: ['invoice', 'job_post', 'membership_plan', 'user'],
      actions: ['invoice.void', 'job_post.approve', 'membership_plan.delete', 'user.status'],
    });
  });

  it('filters by who, what, which record, which action, when, and a search', async () => {
    const actions = async (query: string) =>
      (await get(`/admin/audit?${query}`)).json<AuditList>().entries.map((e) => e.action);

    expect(await actions(`actor=${avery.id}`)).toEqual(['job_post.approve', 'user.status']);
    expect(await actions('entity=invoice')).toEqual(['invoice.void']);
    expect(await actions('target=22222222-2222-4222-8222-222222222222')).toEqual([
      'job_post.approve',
    ]);
    expect(await actions('action=user.status')).toEqual(['user.status']);
    // Days are the chamber's: the approval at 23:30 on 4 March in Denver is on the 4th.
    expect(await actions('from=2026-03-04&to=2026-03-04')).toEqual(['job_post.approve']);
    expect(await actions('from=2026-03-05&to=2026-03-06')).toEqual(['invoice.void']);
    expect(await actions('from=2026-03-07')).toEqual(['membership_plan.delete']);
    expect(await actions('to=2026-03-01')).toEqual(['user.status']);
    // The search reads actor names, record names and reasons, case aside.
    expect(await actions('q=okafor')).toEqual(['invoice.void']);
    expect(await actions('q=bean%20there')).toEqual(['job_post.approve']);
    expect(await actions('q=spam')).toEqual(['user.status']);
    expect(await actions(`q=barista&actor=${blake.id}`)).toEqual([]);
    // Blank filters (an emptied form) filter nothing.
    expect(await actions('actor=&entity=&from=&to=&q=')).toHaveLength(4);
  });

  it('refuses filters it cannot read with a 400', async () => {
    for (const query of ['actor=avery', 'from=2026-02-30', 'from=2026-03-09&to=2026-03-01']) {
      const res = await get(`/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is staff only', async () => {
    expect((await get('/admin/audit', memberToken)).statusCode).toBe(403);
    expect((await get('/admin/audit.csv', memberToken)).statusCode).toBe(403);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit.csv' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('sends the filtered entries with names, changes and the chamber’s times', async () => {
    const res = await get(`/admin/audit.csv?actor=${avery.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows).toEqual([
      [
        'When',
        'Who',
        'Who (email)',
        'Action',
        'Record type',
        'Record',
        'Record id',
        'Changes',
        'Reason',
      ],
      [
        '2026-03-04 23:30',
        'Avery Lindqvist',
        avery.email,
        'job_post.approve',
        'job_post',
        'Barista at Bean There',
        '22222222-2222-4222-8222-222222222222',
        'status: pending → approved',
        '',
      ],
      [
        '2026-03-01 09:00',
        'Avery Lindqvist',
        avery.email,
        'user.status',
        'user',
        'Dana Reyes <dana@audit.example>',
        '11111111-1111-4111-8111-111111111111',
        'status: active → suspended',
        'Spam listings',
      ],
    ]);
  });
});

describe('GET /api/admin/audit as CSV', () => {
  it('answers the same CSV as /admin/audit.csv for format=csv and for Accept: text/csv', async () => {
    const expected = (await get(`/admin/audit.csv?actor=${avery.id}`)).body;
    const byFormat = await get(`/admin/audit?actor=${avery.id}&format=csv&limit=1`);
    expect(byFormat.statusCode).toBe(200);
    expect(byFormat.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byFormat.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    // Every matching entry, whatever the page size says.
    expect(byFormat.body).toBe(expected);
    const byAccept = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?actor=${avery.id}`,
      headers: { ...bearer(token), accept: 'text/csv, application/json;q=0.5' },
    });
    expect(byAccept.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byAccept.body).toBe(expected);
  });

  it('stays JSON for a browser’s Accept and for format=json', async () => {
    const browser = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?actor=${avery.id}&format=json`,
      headers: { ...bearer(token), accept: 'text/csv' },
    });
    expect(browser.json<AuditList>().entries).toHaveLength(2);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?actor=${avery.id}`,
      headers: { ...bearer(token), accept: 'application/json, text/plain, */*' },
    });
    expect(plain.json<AuditList>().pagination.total).toBe(2);
  });

  it('is refused to members as the JSON is', async () => {
    expect((await get('/admin/audit?format=csv', memberToken)).statusCode).toBe(403);
  });
});
