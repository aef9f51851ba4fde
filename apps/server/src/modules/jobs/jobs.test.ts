import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost, JobPostList, JobPostQueue, MyJobPosts } from '@chamber/contract';
import { auditLog, contacts, jobPosts } from '@chamber/db';
import { jobPostsExpiryJob } from '../../background/job-posts.js';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { outboxChecks } from '../../test/outbox.js';
import { startSmtpServer } from '../../test/smtp.js';

const DAY = 24 * 60 * 60 * 1000;
// The web build's template, as Vite writes it.
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Chamber</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dist: string;
const tokens = {} as Record<
  | 'member'
  | 'enhanced'
  | 'standard'
  | 'lapsed'
  | 'unpaid'
  | 'other'
  | 'moderator'
  | 'staffJoined'
  | 'admin',
  string
>;
const people = {} as Record<keyof typeof tokens, { email: string; contactId: string | null }>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dist = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example',
    WEB_DIST: dist,
  });
  // The chamber (America/Denver): on 2026-03-10 17:00 UTC its day is 2026-03-10.
  await createCalendar(ctx.db);
  const paid = (tier: 'standard' | 'enhanced' | 'elite', businessName: string) => ({
    contact: {
      membershipTier: tier,
      paymentStatus: 'paid' as const,
      businessName,
      address1: '12 Main St',
      city: 'Riverton',
      state: 'WY',
      postalCode: '82501',
    },
  });
  const made = {
    member: await createTestUser(ctx.db, {
      firstName: 'Maria',
      ...paid('elite', 'Sweetwater Bakery'),
    }),
    enhanced: await createTestUser(ctx.db, paid('enhanced', 'Redwood Hardware')),
    standard: await createTestUser(ctx.db, paid('standard', 'Lund Print')),
    lapsed: await createTestUser(ctx.db, {
      contact: { membershipTier: 'elite', paymentStatus: 'failed', businessName: 'Gone Co' },
    }),
    // Joined, not yet paid: the membership is pending.
    unpaid: await createTestUser(ctx.db, {
      contact: { membershipTier: 'standard', paymentStatus: 'pending', businessName: 'Soon Co' },
    }),
    other: await createTestUser(ctx.db, paid('elite', 'Fischer Photography')),
    // Staff who clicked Join for their own business and have not paid.
    staffJoined: await createTestUser(ctx.db, {
      role: 'moderator',
      contact: { membershipTier: 'standard', paymentStatus: 'pending', businessName: 'Desk Co' },
    }),
    moderator: await createTestUser(ctx.db, { role: 'moderator', contact: false }),
    admin: await createTestUser(ctx.db, { role: 'admin', contact: false }),
  };
  for (const [name, user] of Object.entries(made)) {
    const key = name as keyof typeof tokens;
    tokens[key] = await signIn(ctx, user.email);
    people[key] = { email: user.email, contactId: user.contactId };
  }
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await rm(dist, { recursive: true, force: true });
});

const job = (overrides: Record<string, unknown> = {}) => ({
  title: 'Morning baker',
  description: 'Bake bread from 4 am.\nApply at https://sweetwater.example/jobs',
  employmentType: 'full_time',
  workplace: 'on_site',
  payMinCents: 1800,
  payMaxCents: 2200,
  payPeriod: 'hour',
  applyTo: 'jobs@sweetwater.example',
  ...overrides,
});

type As = keyof typeof tokens | null;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: As, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(as ? tokens[as] : undefined),
    ...(payload ? { payload } : {}),
  });

async function draft(as: As = 'member', overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/job-posts', as, job(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<JobPost>();
}

/** A post on the board: written, submitted and approved by staff. */
async function approved(as: As = 'member', overrides: Record<string, unknown> = {}) {
  const post = await draft(as, overrides);
  expect((await call('POST', `/api/job-posts/${post.id}/submit`, as)).statusCode).toBe(200);
  const res = await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'moderator');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobPost>();
}

const board = async (query = '') =>
  (await call('GET', `/api/job-posts${query}`, null)).json<JobPostList>();

describe('posting', () => {
  it('lets a member in good standing write a draft, closing in 30 days, not yet public', async () => {
    const post = await draft();
    expect(post).toMatchObject({
      status: 'draft',
      closesOn: '2026-04-09',
      applyUrl: 'mailto:jobs@sweetwater.example',
      canEdit: true,
      business: { name: 'Sweetwater Bakery' },
      location: { city: 'Riverton', state: 'WY' },
    });
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(404);
    expect((await board()).jobPosts.map((p) => p.id)).not.toContain(post.id);

    const submitted = await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    expect(submitted.json()).toMatchObject({ status: 'pending' });
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/job-posts/mine', 'member')).json<MyJobPosts>();
    expect(mine).toMatchObject({ mayPost: true, publishesDirectly: false });
    expect(mine.jobPosts.map((p) => p.id)).toContain(post.id);
  });

  it('refuses members without an active membership and logins without a business', async () => {
    const lapsed = await call('POST', '/api/job-posts', 'lapsed', job());
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json()).toMatchObject({
      error: 'forbidden',
      message: expect.stringMatching(/active membership/),
    });
    expect((await call('GET', '/api/job-posts/mine', 'lapsed')).json()).toMatchObject({
      mayPost: false,
    });
    expect((await call('POST', '/api/job-posts', 'admin', job())).statusCode).toBe(403);
    expect((await call('POST', '/api/job-posts', null, job())).statusCode).toBe(401);
  });

  it('asks the one rule of a current member: staff keep the right, an unpaid member has none', async () => {
    // The same pending membership: a member waits for it to be paid…
    const unpaid = await call('POST', '/api/job-posts', 'unpaid', job());
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json()).toMatchObject({ message: expect.stringMatching(/active membership/) });
    expect((await call('GET', '/api/job-posts/mine', 'unpaid')).json()).toMatchObject({
      mayPost: false,
    });
    // …while staff keep every member right, as for events, deals and members' addresses.
    const mine = (await call('GET', '/api/job-posts/mine', 'staffJoined')).json<MyJobPosts>();
    expect(mine.mayPost).toBe(true);
    const post = await draft('staffJoined');
    expect(post.business.name).toBe('Desk Co');
    const submitted = await call('POST', `/api/job-posts/${post.id}/submit`, 'staffJoined');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'pending' });
  });

  it("publishes an enhanced or elite member's post directly when the chamber allows it", async () => {
    const on = await call('PUT', '/api/admin/job-settings', 'admin', {
      membersPublishDirectly: true,
    });
    expect(on.json()).toEqual({ membersPublishDirectly: true, dateAndPayChangesGoLive: true });
    try {
      const enhanced = await draft('enhanced', { title: 'Cashier' });
      expect(
        (await call('POST', `/api/job-posts/${enhanced.id}/submit`, 'enhanced')).json(),
      ).toMatchObject({ status: 'approved', postedAt: expect.any(String) });
      const standard = await draft('standard', { title: 'Press operator' });
      expect(
        (await call('POST', `/api/job-posts/${standard.id}/submit`, 'standard')).json(),
      ).toMatchObject({ status: 'pending' });
    } finally {
      await call('PUT', '/api/admin/job-settings', 'admin', { membersPublishDirectly: false });
    }
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job_board.settings'));
    expect(entry).toMatchObject({ after: { membersPublishDirectly: true } });
  });

  it('keeps a post waiting for staff waiting when its poster edits it', async () => {
    const post = await draft('member', { title: 'Barista' });
    await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    const edited = await call(
      'PUT',
      `/api/job-posts/${post.id}`,
      'member',
      job({ title: 'Head barista' }),
    );
    expect(edited.json()).toMatchObject({
      title: 'Head barista',
      status: 'pending',
      pendingChange: null,
    });
  });
});

describe('changes to a live post', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  const edit = (id: string, as: As, overrides: Record<string, unknown>) =>
    call('PUT', `/api/job-posts/${id}`, as, job(overrides));
  const publicView = async (id: string) => {
    const res = await call('GET', `/api/job-posts/${id}`, null);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JobPost>();
  };
  const page = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/job-postings/${id}` })).body;
  const settings = (change: Record<string, boolean>) =>
    call('PUT', '/api/admin/job-settings', 'admin', change);

  it('stays on the board with its live text while the change waits; the poster sees the change', async () => {
    const post = await approved('member', { title: 'Baker' });
    const res = await edit(post.id, 'member', {
      title: 'Sourdough baker',
      description: 'Sourdough from 5 am.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      title: 'Baker',
      pendingChange: {
        title: 'Sourdough baker',
        description: 'Sourdough from 5 am.',
        changed: ['title', 'description'],
        submittedAt: '2026-03-10T17:00:00.000Z',
      },
    });
    // The public API, the board and the server-rendered page show the live text only.
    const open = await publicView(post.id);
    expect(open).toMatchObject({ title: 'Baker', pendingChange: null });
    expect(JSON.stringify(open)).not.toContain('Sourdough');
    const onBoard = (await board()).jobPosts.find((p) => p.id === post.id);
    expect(onBoard).toMatchObject({ title: 'Baker', pendingChange: null });
    expect(JSON.stringify(await board('?q=sourdough'))).not.toContain(post.id);
    const html = await page(post.id);
    expect(html).toContain('Baker');
    expect(html).not.toContain('Sourdough');
    expect((await call('GET', `/api/job-posts/${post.id}`, 'other')).json()).toMatchObject({
      pendingChange: null,
    });
    // The poster sees their change, on the post and in their list.
    const mine = (await call('GET', '/api/job-posts/mine', 'member')).json<MyJobPosts>();
    expect(mine.jobPosts.find((p) => p.id === post.id)?.pendingChange).toMatchObject({
      title: 'Sourdough baker',
    });
    // Staff find it under 'changes waiting', counted.
    const queue = (
      await call('GET', '/api/admin/job-posts?status=changes', 'moderator')
    ).json<JobPostQueue>();
    expect(queue.jobPosts.map((p) => p.id)).toContain(post.id);
    expect(queue.changesWaiting).toBe(queue.jobPosts.length);
    expect(queue.jobPosts.find((p) => p.id === post.id)).toMatchObject({
      title: 'Baker',
      pendingChange: { title: 'Sourdough baker' },
    });
  });

  it('a second edit replaces the waiting change; an edit back to the live text withdraws it', async () => {
    const post = await approved('member', { title: 'Waiter' });
    await edit(post.id, 'member', { title: 'Head waiter' });
    const second = await edit(post.id, 'member', { title: 'Waiter', workplace: 'hybrid' });
    expect(second.json()).toMatchObject({
      title: 'Waiter',
      workplace: 'on_site',
      pendingChange: { title: 'Waiter', workplace: 'hybrid', changed: ['workplace'] },
    });
    const back = await edit(post.id, 'member', { title: 'Waiter' });
    expect(back.json()).toMatchObject({ title: 'Waiter', pendingChange: null });
  });

  it('staff approve: the change replaces the live text, audited and mailed from the outbox', async () => {
    const post = await approved('member', { title: 'Cook' });
    await edit(post.id, 'member', { title: 'Head cook' });
    expect(
      (await call('POST', `/api/admin/job-posts/${post.id}/change/approve`, 'member')).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/api/admin/job-posts/${post.id}/change/reject`, 'other', {
          reason: 'No.',
        })
      ).statusCode,
    ).toBe(403);
    expect((await publicView(post.id)).title).toBe('Cook');
    await outbox.mailedFromTheOutboxOnly(
      'job-post-change-approved',
      { subject: 'Your changes are live: Head cook', to: people.member.email },
      async () => {
        const res = await call(
          'POST',
          `/api/admin/job-posts/${post.id}/change/approve`,
          'moderator',
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          title: 'Head cook',
          status: 'approved',
          pendingChange: null,
        });
      },
    );
    expect((await publicView(post.id)).title).toBe('Head cook');
    expect(await page(post.id)).toContain('Head cook');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job_post.approve_change'), eq(auditLog.targetId, post.id)));
    expect(entry).toMatchObject({
      actorEmail: people.moderator.email,
      before: { title: 'Cook', changeWaiting: true },
      after: { title: 'Head cook', changeWaiting: false },
    });
    const again = await call('POST', `/api/admin/job-posts/${post.id}/change/approve`, 'moderator');
    expect(again.statusCode).toBe(409);
  });

  it('staff reject with a reason: the live text stays, the poster is mailed the reason', async () => {
    const post = await approved('member', { title: 'Porter' });
    await edit(post.id, 'member', { title: 'Porter (cash only)' });
    const noReason = await call(
      'POST',
      `/api/admin/job-posts/${post.id}/change/reject`,
      'moderator',
      { reason: ' ' },
    );
    expect(noReason.statusCode).toBe(400);
    const mail = await outbox.mailedFromTheOutboxOnly(
      'job-post-change-rejected',
      { subject: 'Your changes were not approved: Porter', to: people.member.email },
      async () => {
        const res = await call(
          'POST',
          `/api/admin/job-posts/${post.id}/change/reject`,
          'moderator',
          { reason: 'Pay must be lawful.' },
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ title: 'Porter', pendingChange: null });
      },
    );
    expect(mail.text).toContain('Pay must be lawful.');
    expect((await publicView(post.id)).title).toBe('Porter');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job_post.reject_change'), eq(auditLog.targetId, post.id)));
    expect(entry).toMatchObject({ reason: 'Pay must be lawful.' });
  });

  it('a change only to dates or pay goes live at once with the setting on, and waits with it off', async () => {
    expect((await call('GET', '/api/admin/job-settings', 'admin')).json()).toMatchObject({
      dateAndPayChangesGoLive: true,
    });
    const post = await approved('member', { title: 'Clerk' });
    const minor = await edit(post.id, 'member', {
      title: 'Clerk',
      payMinCents: 2000,
      payMaxCents: 2500,
      closesOn: '2026-04-20',
    });
    expect(minor.json()).toMatchObject({
      payMinCents: 2000,
      closesOn: '2026-04-20',
      pendingChange: null,
    });
    expect(await publicView(post.id)).toMatchObject({ payMinCents: 2000, closesOn: '2026-04-20' });
    // A change of dates and of anything else waits whole.
    const mixed = await edit(post.id, 'member', {
      title: 'Senior clerk',
      payMinCents: 2100,
      payMaxCents: 2500,
      closesOn: '2026-04-20',
    });
    expect(mixed.json()).toMatchObject({
      payMinCents: 2000,
      pendingChange: { changed: ['title', 'payMinCents'] },
    });
    await call('POST', `/api/admin/job-posts/${post.id}/change/reject`, 'moderator', {
      reason: 'Keep the title.',
    });

    const off = await settings({ dateAndPayChangesGoLive: false });
    expect(off.json()).toEqual({ membersPublishDirectly: false, dateAndPayChangesGoLive: false });
    try {
      const waits = await edit(post.id, 'member', {
        title: 'Clerk',
        payMinCents: 2000,
        payMaxCents: 3000,
        closesOn: '2026-04-20',
      });
      expect(waits.json()).toMatchObject({
        payMaxCents: 2500,
        pendingChange: { payMaxCents: 3000, changed: ['payMaxCents'] },
      });
      expect((await publicView(post.id)).payMaxCents).toBe(2500);
    } finally {
      await settings({ dateAndPayChangesGoLive: true });
    }
  });

  it('counts in the approvals count and the digest, and staff edits apply at once', async () => {
    const post = await approved('member', { title: 'Florist' });
    const before = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(tokens.admin),
      })
    ).json<{ approvals: { jobPosts: number } }>().approvals.jobPosts;
    await edit(post.id, 'member', { title: 'Head florist' });
    const after = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(tokens.admin),
      })
    ).json<{ approvals: { jobPosts: number } }>().approvals.jobPosts;
    expect(after).toBe(before + 1);
    const { waitingForApproval } = await import('../admin/approvals-digest.js');
    expect((await waitingForApproval(ctx.db)).map((w) => w.name)).toContain(
      'Florist (Sweetwater Bakery, changes waiting)',
    );
    // Staff's own edit changes the live text and leaves the poster's change to decide.
    const byStaff = await edit(post.id, 'moderator', { title: 'Florist (weekends)' });
    expect(byStaff.json()).toMatchObject({
      title: 'Florist (weekends)',
      status: 'approved',
      pendingChange: { title: 'Head florist' },
    });
  });
});

describe('approval', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  it('mails the poster from the outbox, queued with the decision', async () => {
    const approvedPost = await draft('member', { title: 'Line cook' });
    await call('POST', `/api/job-posts/${approvedPost.id}/submit`, 'member');
    await outbox.mailedFromTheOutboxOnly(
      'job-post-approved',
      { subject: 'Your job posting is live: Line cook', to: people.member.email },
      async () => {
        const res = await call(
          'POST',
          `/api/admin/job-posts/${approvedPost.id}/approve`,
          'moderator',
        );
        expect(res.statusCode).toBe(200);
      },
    );
    const rejectedPost = await draft('member', { title: 'Dishwasher' });
    await call('POST', `/api/job-posts/${rejectedPost.id}/submit`, 'member');
    const mail = await outbox.mailedFromTheOutboxOnly(
      'job-post-rejected',
      { subject: 'Your job posting was not approved: Dishwasher', to: people.member.email },
      async () => {
        const res = await call(
          'POST',
          `/api/admin/job-posts/${rejectedPost.id}/reject`,
          'moderator',
          {
            reason: 'Name the hours.',
          },
        );
        expect(res.statusCode).toBe(200);
      },
    );
    expect(mail.text).toContain('Name the hours.');
  });

  it('queues no mail when the decision rolls back', async () => {
    const post = await draft('member', { title: 'Night porter' });
    await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    const before = (await outbox.rowsOf('job-post-approved')).length;
    await outbox.refuseAtCommit('job-post-approved');
    const res = await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'moderator');
    expect(res.statusCode).toBe(500);
    expect((await call('GET', `/api/job-posts/${post.id}`, 'member')).json()).toMatchObject({
      status: 'pending',
    });
    expect(await outbox.rowsOf('job-post-approved')).toHaveLength(before);
  });

  it('queues submitted posts for staff with counts; approving puts it on the board, audited and mailed', async () => {
    const post = await draft('member', { title: 'Pastry chef' });
    await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    const queue = (await call('GET', '/api/admin/job-posts', 'moderator')).json<JobPostQueue>();
    expect(queue.jobPosts.map((p) => p.id)).toContain(post.id);
    expect(queue.counts.pending).toBe(queue.jobPosts.length);
    expect(queue.counts).toHaveProperty('approved');

    const before = smtp.received.length;
    const res = await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'moderator');
    expect(res.json()).toMatchObject({ status: 'approved', postedAt: '2026-03-10T17:00:00.000Z' });
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(200);
    expect((await board()).jobPosts.map((p) => p.id)).toContain(post.id);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job_post.approve'), eq(auditLog.targetId, post.id)));
    expect(entry).toMatchObject({
      actorEmail: people.moderator.email,
      targetLabel: 'Pastry chef',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    await ctx.app.flushMail();
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toMatchObject({ text: people.member.email });
    expect(mail.subject).toBe('Your job posting is live: Pastry chef');
    expect(mail.text).toContain(`https://portal.example/job-postings/${post.id}`);

    const again = await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'moderator');
    expect(again.statusCode).toBe(409);
  });

  it('sends a rejected post back with the reason, audited and mailed; the poster resubmits', async () => {
    const post = await draft('member', { title: 'Delivery driver' });
    await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    const before = smtp.received.length;
    const noReason = await call('POST', `/api/admin/job-posts/${post.id}/reject`, 'moderator', {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('POST', `/api/admin/job-posts/${post.id}/reject`, 'moderator', {
      reason: 'Please give the pay range.',
    });
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please give the pay range.',
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job_post.reject'), eq(auditLog.targetId, post.id)));
    expect(entry).toMatchObject({ reason: 'Please give the pay range.' });
    await ctx.app.flushMail();
    const mail = (await smtp.waitFor(before + 1)).at(-1)!;
    expect(mail.subject).toBe('Your job posting was not approved: Delivery driver');
    expect(mail.text).toContain('Please give the pay range.');
    // Its reason is the poster's and staff's, not the public's.
    expect((await call('GET', `/api/job-posts/${post.id}`, 'other')).statusCode).toBe(404);
    expect((await call('POST', `/api/job-posts/${post.id}/submit`, 'member')).json()).toMatchObject(
      { status: 'pending' },
    );
  });

  it('leaves decisions to staff', async () => {
    const post = await draft();
    await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    expect(
      (await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'member')).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/admin/job-posts', 'member')).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/admin/job-settings', 'moderator', { membersPublishDirectly: true }))
        .statusCode,
    ).toBe(403);
  });
});

describe('who may change a post', () => {
  it("refuses another member's post: 403 when public, 404 when not", async () => {
    const open = await approved();
    const hidden = await draft();
    expect((await call('PUT', `/api/job-posts/${open.id}`, 'other', job())).json()).toMatchObject({
      error: 'forbidden',
    });
    expect((await call('POST', `/api/job-posts/${open.id}/close`, 'other')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/job-posts/${open.id}`, 'other')).statusCode).toBe(403);
    expect((await call('PUT', `/api/job-posts/${hidden.id}`, 'other', job())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/job-posts/${hidden.id}`, 'other')).statusCode).toBe(404);
    expect((await call('GET', `/api/job-posts/${open.id}`, 'other')).json()).toMatchObject({
      canEdit: false,
    });
  });

  it('lets the poster and staff close and delete; a closed post answers 410', async () => {
    const mine = await approved();
    const closed = await call('POST', `/api/job-posts/${mine.id}/close`, 'member');
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const gone = await call('GET', `/api/job-posts/${mine.id}`, null);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: 'gone', message: expect.stringMatching(/closed/) });
    expect((await call('PUT', `/api/job-posts/${mine.id}`, 'member', job())).statusCode).toBe(409);

    const staffs = await approved();
    expect((await call('POST', `/api/job-posts/${staffs.id}/close`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/job-posts/${staffs.id}`, 'moderator')).statusCode).toBe(200);
    expect((await call('GET', `/api/job-posts/${staffs.id}`, 'admin')).statusCode).toBe(404);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, staffs.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['job_post.approve', 'job_post.close', 'job_post.delete']),
    );
    expect((await call('DELETE', `/api/job-posts/${mine.id}`, 'member')).statusCode).toBe(200);
  });
});

describe('reopening', () => {
  it('lets the poster reopen a post they closed, through staff again; nobody else', async () => {
    const post = await approved('member', { title: 'Pastry cook' });
    expect(
      (await call('POST', `/api/job-posts/${post.id}/reopen`, 'member')).statusCode,
      'a post on the board is not closed',
    ).toBe(409);
    await call('POST', `/api/job-posts/${post.id}/close`, 'member');
    expect((await call('POST', `/api/job-posts/${post.id}/reopen`, 'admin')).statusCode).toBe(403);
    expect((await call('POST', `/api/job-posts/${post.id}/reopen`, 'other')).statusCode).toBe(403);
    expect((await call('POST', `/api/job-posts/${post.id}/reopen`, null)).statusCode).toBe(401);

    const reopened = await call('POST', `/api/job-posts/${post.id}/reopen`, 'member');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'pending', closesOn: post.closesOn });
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(404);
    const back = await call('POST', `/api/admin/job-posts/${post.id}/approve`, 'moderator');
    expect(back.json()).toMatchObject({ status: 'approved' });
    expect((await board()).jobPosts.map((p) => p.id)).toContain(post.id);
  });

  it('makes a closed post whose closing date has passed a draft to date again', async () => {
    const post = await approved('member', { title: 'Night baker' });
    await call('POST', `/api/job-posts/${post.id}/close`, 'member');
    // Closed a while ago: its closing date has passed since.
    await ctx.db.update(jobPosts).set({ closesOn: '2026-03-01' }).where(eq(jobPosts.id, post.id));
    const reopened = await call('POST', `/api/job-posts/${post.id}/reopen`, 'member');
    expect(reopened.json()).toMatchObject({ status: 'draft', closesOn: '2026-03-01' });
    const submitted = await call('POST', `/api/job-posts/${post.id}/submit`, 'member');
    expect(submitted.statusCode).toBe(400);
  });
});

describe('bad input gets a clear 400', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a closing date in the past', { closesOn: '2026-03-09' }, /past/],
    ['a closing date past 90 days', { closesOn: '2026-06-09' }, /90 days/],
    ['pay with min above max', { payMinCents: 3000, payMaxCents: 2000 }, /highest pay/],
    ['pay without a period', { payPeriod: null }, /per hour/],
    ['a javascript: apply link', { applyTo: 'javascript:alert(1)' }, /https/],
    ['an http apply link', { applyTo: 'http://sweetwater.example/jobs' }, /https/],
    ['a 100,000-character description', { description: 'x'.repeat(100_000) }, /too long/],
    ['an unknown employment type', { employmentType: 'gig' }, /./],
  ];
  it.each(cases)('%s', async (_name, overrides, message) => {
    const res = await call('POST', '/api/job-posts', 'member', job(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it('a closing date 90 days out is allowed', async () => {
    expect((await draft('member', { closesOn: '2026-06-08' })).closesOn).toBe('2026-06-08');
  });

  it('a NUL byte', async () => {
    const res = await call('POST', '/api/job-posts', 'member', job({ title: 'Baker\u0000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('editing to a bad closing date', async () => {
    const post = await draft();
    const res = await call(
      'PUT',
      `/api/job-posts/${post.id}`,
      'member',
      job({ closesOn: '2027-01-01' }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('a post id that is no id', async () => {
    expect((await call('GET', '/api/job-posts/not-an-id', null)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/job-posts/not-an-id/approve', 'admin')).statusCode).toBe(
      404,
    );
  });
});

describe('the board', () => {
  it('searches title, business and text, filters by type, place and business, newest first', async () => {
    const older = await approved('other', {
      title: 'Wedding photographer',
      description: 'Weekends, own camera.',
      employmentType: 'contract',
      workplace: 'hybrid',
    });
    ctx.clock.advance(60_000);
    const newer = await approved('enhanced', {
      title: 'Shop assistant',
      description: 'Help customers find tools.',
      employmentType: 'part_time',
      workplace: 'remote',
      payMinCents: null,
      payMaxCents: null,
      payPeriod: null,
    });
    const ids = async (query: string) => (await board(query)).jobPosts.map((p) => p.id);
    expect(await ids('?q=photographer')).toEqual([older.id]);
    expect(await ids('?q=redwood')).toContain(newer.id);
    expect(await ids('?q=redwood')).not.toContain(older.id);
    expect(await ids('?q=own%20camera')).toEqual([older.id]);
    expect(await ids('?q=100%25')).toEqual([]);
    expect(await ids('?type=contract')).toContain(older.id);
    expect(await ids('?type=contract')).not.toContain(newer.id);
    expect(await ids('?workplace=remote')).toEqual([newer.id]);
    expect(await ids(`?business=${people.other.contactId}`)).toEqual([older.id]);
    const all = await board();
    expect(all.jobPosts[0]!.id).toBe(newer.id);
    expect(all.businesses.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Fischer Photography', 'Redwood Hardware']),
    );
    expect((await call('GET', '/api/job-posts?type=gig', null)).statusCode).toBe(400);
  });

  it('shows 20 a page', async () => {
    for (let i = 0; i < 21; i++) {
      await ctx.db.insert(jobPosts).values({
        contactId: people.standard.contactId!,
        title: `Paged job ${i}`,
        description: 'Paging.',
        employmentType: 'temporary',
        workplace: 'on_site',
        applyUrl: 'mailto:jobs@lund.example',
        closesOn: '2026-04-01',
        status: 'approved',
        postedAt: new Date(Date.UTC(2026, 2, 1, 0, i)),
      });
    }
    const first = await board('?q=paged');
    expect(first).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect(first.jobPosts).toHaveLength(20);
    expect(first.jobPosts[0]!.title).toBe('Paged job 20');
    const second = await board('?q=paged&page=2');
    expect(second.jobPosts.map((p) => p.title)).toEqual(['Paged job 0']);
  });
});

describe("a job page's head", () => {
  it('carries JobPosting JSON-LD with the properties Google for Jobs requires', async () => {
    const post = await approved('member', { title: 'Cake decorator', closesOn: '2026-05-01' });
    const res = await ctx.app.inject(`/job-postings/${post.id}`);
    expect(res.statusCode).toBe(200);
    const doc = new JSDOM(res.body).window.document;
    expect(doc.title).toContain('Cake decorator');
    const data = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
    );
    const ld = data.find((d) => d['@type'] === 'JobPosting')!;
    for (const key of [
      'title',
      'description',
      'datePosted',
      'validThrough',
      'hiringOrganization',
      'jobLocation',
      'employmentType',
      'baseSalary',
    ]) {
      expect(ld[key], key).toBeTruthy();
    }
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      title: 'Cake decorator',
      employmentType: 'FULL_TIME',
      // The end of 2026-05-01 in Denver (UTC-6 in May).
      validThrough: '2026-05-02T05:59:59.999Z',
      hiringOrganization: { '@type': 'Organization', name: 'Sweetwater Bakery' },
      jobLocation: {
        '@type': 'Place',
        address: { addressLocality: 'Riverton', addressRegion: 'WY', addressCountry: 'US' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { minValue: 18, maxValue: 22, unitText: 'HOUR' },
      },
    });
    expect(ld.description).toContain('<br>');
    expect(new Date(ld.datePosted as string).toString()).not.toBe('Invalid Date');
  });

  it('says TELECOMMUTE for a remote post, and leaves baseSalary out without pay', async () => {
    const post = await approved('member', {
      workplace: 'remote',
      payMinCents: null,
      payMaxCents: null,
      payPeriod: null,
    });
    const res = await ctx.app.inject(`/job-postings/${post.id}`);
    const doc = new JSDOM(res.body).window.document;
    const ld = JSON.parse(
      doc.querySelector('script[type="application/ld+json"]')!.textContent!,
    ) as Record<string, unknown>;
    expect(ld).toMatchObject({ jobLocationType: 'TELECOMMUTE' });
    expect(ld.applicantLocationRequirements).toBeTruthy();
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.baseSalary).toBeUndefined();
  });

  it('is a 404 for a post that is not public', async () => {
    const post = await draft();
    expect((await ctx.app.inject(`/job-postings/${post.id}`)).statusCode).toBe(404);
  });

  it('lists open posts in the sitemap, and not drafts', async () => {
    const open = await approved('member', { title: 'Sitemap baker' });
    const hidden = await draft();
    const xml = (await ctx.app.inject('/sitemap.xml')).body;
    expect(xml).toContain(`https://portal.example/job-postings/${open.id}`);
    expect(xml).not.toContain(hidden.id);
  });

  it('drops the posts of a business the directory no longer lists', async () => {
    const post = await approved('other', { title: 'Hidden with its business' });
    await ctx.db
      .update(contacts)
      .set({ listed: false })
      .where(eq(contacts.id, people.other.contactId!));
    try {
      expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(404);
    } finally {
      await ctx.db
        .update(contacts)
        .set({ listed: true })
        .where(eq(contacts.id, people.other.contactId!));
    }
  });
});

// Last: it moves the clock days ahead, past the sessions' lifetime.
describe('expiry', () => {
  it('takes a post past its closing day off the board: 410, then expired by the job runner', async () => {
    const post = await approved('member', { title: 'Seasonal helper', closesOn: '2026-03-12' });
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(200);
    // 2026-03-12 23:00 in Denver (MDT since March 8): still its closing day.
    ctx.clock.advance(2 * DAY + 12 * 60 * 60 * 1000);
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60 * 60 * 1000);
    expect((await call('GET', `/api/job-posts/${post.id}`, null)).statusCode).toBe(410);
    expect((await board()).jobPosts.map((p) => p.id)).not.toContain(post.id);

    const result = await jobPostsExpiryJob.run({ db: ctx.db, clock: ctx.clock, jobId: 'test' }, {});
    expect(result).toMatchObject({ expired: expect.any(Number) });
    const [row] = await ctx.db.select().from(jobPosts).where(eq(jobPosts.id, post.id));
    expect(row!.status).toBe('expired');
    // A run repeated finds nothing more to do.
    expect(
      await jobPostsExpiryJob.run({ db: ctx.db, clock: ctx.clock, jobId: 'again' }, {}),
    ).toEqual({ expired: 0 });

    const page = await ctx.app.inject(`/job-postings/${post.id}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Job posting closed');
    expect(page.body).toContain('noindex');
    expect(page.body).not.toContain('application/ld+json');
  });
});
