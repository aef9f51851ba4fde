import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type DuesNoticeKind } from '@chamber/contract';
import { duesNotices, mailOutbox, memberships } from '@chamber/db';
import { listFailedMail, listMail, retryFailedMail } from '../../lib/mail/outbox.js';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';
import { outboxChecks } from '../../test/outbox.js';
import { recipients, startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { DUES_NOTICE_MAIL } from './dues-mail.js';
import { runDues } from './dues-run.js';
import * as q from './queries.js';

// Each dues notice is mailed through the portal's one outbox: its outbox row is written by the
// statement that writes the notice, the mail is composed from the notice when its turn comes,
// retried with the outbox's backoff, failed for staff to see, and the notice marked mailed
// once it went.

let ctx: TestContext;
let smtp: SmtpServer;
/** Addresses the mail server defers (a full mailbox): 452, try again later. */
const deferred = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpServer({
    refuse: (address) =>
      deferred.has(address) ? { code: 452, message: '452 4.2.2 Mailbox full' } : null,
  });
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const outbox = outboxChecks(
  () => ctx,
  () => smtp,
);
afterEach(async () => {
  await outbox.undo();
  // Each test's members are its own: the next test's dues runs leave them alone.
  await ctx.db.update(memberships).set({ status: 'cancelled' });
});

/** Noon in Denver on a day: the chamber's calendar day is that day. */
function setDay(day: string) {
  ctx.clock.advance(new Date(`${day}T19:00:00Z`).getTime() - ctx.clock.now().getTime());
}

let n = 0;
/** An active member on the Basic plan (the standard level), paid through `paidThrough`. */
async function member(paidThrough: string, email = `dues${(n += 1)}@members.example`) {
  const contact = await createContact(ctx.db, {
    email,
    firstName: 'Dana',
    businessName: `Dues Shop ${n}`,
    paymentStatus: 'paid',
    membershipTier: 'standard',
  });
  const [m] = await ctx.db
    .update(memberships)
    .set({ status: 'active', paidThrough })
    .where(eq(memberships.contactId, contact.id))
    .returning();
  return { email, membershipId: m!.id };
}

const noticesOf = (membershipId: string) =>
  ctx.db.select().from(duesNotices).where(eq(duesNotices.membershipId, membershipId));

describe('a dues notice', () => {
  it('is mailed from the outbox, written with its notice, and marks the notice mailed', async () => {
    setDay('2027-01-10');
    const { email, membershipId } = await member('2027-02-09');
    const mail = await outbox.mailedFromTheOutboxOnly(
      DUES_NOTICE_MAIL,
      { subject: /renews in 30 days/, to: email },
      async () => {
        expect(await runDues(ctx.db, ctx.clock)).toMatchObject({ reminders: 1 });
        const [notice] = await noticesOf(membershipId);
        expect(notice).toMatchObject({ kind: 'renewal_reminder', daysBefore: 30, mailedAt: null });
        const [row] = (await outbox.rowsOf(DUES_NOTICE_MAIL)).filter(
          (r) => r.params.noticeId === notice!.id,
        );
        expect(row).toMatchObject({ state: 'pending' });
      },
    );
    // Today's words, as the dues run wrote them.
    expect(mail.subject).toBe(
      'Your Riverton Area Chamber of Commerce membership renews in 30 days',
    );
    expect(mail.text).toContain('Hi Dana,');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    const [notice] = await noticesOf(membershipId);
    expect(notice!.mailedAt).toEqual(ctx.clock.now());
    // A second run the same day writes neither another notice nor another mail.
    const rows = (await outbox.rowsOf(DUES_NOTICE_MAIL)).length;
    expect(await runDues(ctx.db, ctx.clock)).toMatchObject({ reminders: 0 });
    expect(await outbox.rowsOf(DUES_NOTICE_MAIL)).toHaveLength(rows);
  });

  it('of grace is written with the change to grace, or neither is', async () => {
    setDay('2027-03-01');
    const { email, membershipId } = await member('2027-02-27');
    const before = (await outbox.rowsOf(DUES_NOTICE_MAIL)).length;
    await outbox.refuseAtCommit(DUES_NOTICE_MAIL);
    await expect(runDues(ctx.db, ctx.clock)).rejects.toThrow(/commit/);
    const [m] = await ctx.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(m!.status).toBe('active');
    expect(await noticesOf(membershipId)).toEqual([]);
    expect(await outbox.rowsOf(DUES_NOTICE_MAIL)).toHaveLength(before);
    await outbox.undo();
    await outbox.mailedFromTheOutboxOnly(
      DUES_NOTICE_MAIL,
      { subject: /is past due/, to: email },
      async () => {
        expect(await runDues(ctx.db, ctx.clock)).toMatchObject({ grace: 1 });
      },
    );
  });

  it('queued by a change in a transaction is rolled back with it', async () => {
    setDay('2027-04-01');
    const { membershipId } = await member('2027-06-30');
    const before = (await outbox.rowsOf(DUES_NOTICE_MAIL)).length;
    await outbox.refuseAtCommit(DUES_NOTICE_MAIL);
    await expect(
      ctx.db.transaction((tx) =>
        q.queueNotice(tx, {
          membershipId,
          kind: 'charge_failed',
          paidThrough: '2027-06-30',
          daysBefore: 0,
          sentAt: ctx.clock.now(),
        }),
      ),
    ).rejects.toThrow(/commit/);
    expect(await noticesOf(membershipId)).toEqual([]);
    expect(await outbox.rowsOf(DUES_NOTICE_MAIL)).toHaveLength(before);
  });

  it('forgotten and written again is mailed once, for the notice written again', async () => {
    setDay('2027-04-02');
    const { email, membershipId } = await member('2027-08-31');
    await ctx.db
      .update(memberships)
      .set({ autoRenew: true })
      .where(eq(memberships.id, membershipId));
    await ctx.app.outbox.stop(5_000);
    const key = { membershipId, kind: 'auto_renew_on' as const, paidThrough: '2027-08-31' };
    const queue = () =>
      ctx.db.transaction((tx) =>
        q.queueNotice(tx, { ...key, daysBefore: 0, sentAt: ctx.clock.now() }),
      );
    // Turned on, off and on again before the first mail's turn came.
    expect(await queue()).toBe(1);
    const [first] = await noticesOf(membershipId);
    await ctx.db.transaction((tx) => q.forgetNotice(tx, key));
    expect(await queue()).toBe(1);
    const [again] = await noticesOf(membershipId);
    expect(again!.id).not.toBe(first!.id);
    const from = smtp.received.length;
    ctx.app.outbox.start();
    await ctx.app.flushMail();
    expect(smtp.sentTo(email, from).map((m) => m.subject)).toEqual([
      'Automatic renewal is on for your Riverton Area Chamber of Commerce membership',
    ]);
    const stateOf = async (id: string) =>
      (await outbox.rowsOf(DUES_NOTICE_MAIL)).find((r) => r.params.noticeId === id)?.state;
    expect(await stateOf(first!.id)).toBe('skipped');
    expect(await stateOf(again!.id)).toBe('sent');
    expect((await noticesOf(membershipId))[0]!.mailedAt).not.toBeNull();
  });

  it('that the mail server defers is tried again later, then failed for staff, never marked mailed', async () => {
    setDay('2027-05-01');
    const { email, membershipId } = await member('2027-05-31', 'full@members.example');
    deferred.add(email);
    await ctx.app.outbox.stop(5_000);
    await ctx.app.flushMail();
    const from = smtp.received.length;
    await runDues(ctx.db, ctx.clock);
    const [notice] = await noticesOf(membershipId);
    const mailOf = async () =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, DUES_NOTICE_MAIL))).find(
        (r) => r.params.noticeId === notice!.id,
      )!;

    await ctx.app.flushMail();
    expect(await mailOf()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await mailOf()).lastError).toContain('452');
    // Not due again yet: waiting, not sent again at once.
    await ctx.app.flushMail();
    expect(await mailOf()).toMatchObject({ state: 'pending', attempts: 1 });
    // Each later attempt once its wait is over, until the last one.
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      ctx.clock.advance(60 * 60_000);
      await ctx.app.flushMail();
      expect((await mailOf()).attempts).toBe(attempt);
    }
    const failed = await mailOf();
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 8,
      recipient: email,
      subject: 'Your Riverton Area Chamber of Commerce membership renews in 30 days',
    });
    ctx.clock.advance(24 * 60 * 60_000);
    await ctx.app.flushMail();
    expect((await mailOf()).state).toBe('failed');
    expect(smtp.sentTo(email, from)).toEqual([]);
    expect((await noticesOf(membershipId))[0]!.mailedAt).toBeNull();
    // Listed as failed: `chamber jobs --failed` and staff's mail page read these.
    expect((await listFailedMail(ctx.db, 100)).map((m) => m.id)).toContain(failed.id);
    const page = await listMail(ctx.db, { status: 'failed', limit: 100, offset: 0 });
    expect(page.mails.find((m) => m.id === failed.id)).toMatchObject({
      kind: DUES_NOTICE_MAIL,
      recipient: email,
      lastError: expect.stringContaining('Mailbox full'),
    });

    // The mailbox has room again; retried from the failed list, it goes, once.
    deferred.delete(email);
    expect(await retryFailedMail(ctx.db, ctx.clock.now(), failed.id)).toHaveLength(1);
    await ctx.app.flushMail();
    expect(await mailOf()).toMatchObject({ state: 'sent', attempts: 1 });
    // Composed as it goes, a day and more later: the days truly left.
    expect(smtp.sentTo(email, from).map((m) => m.subject)).toEqual([
      'Your Riverton Area Chamber of Commerce membership renews in 29 days',
    ]);
    expect((await noticesOf(membershipId))[0]!.mailedAt).toEqual(ctx.clock.now());
  });

  it('no longer true when its turn comes is dropped, not mailed', async () => {
    setDay('2027-06-01');
    const { email, membershipId } = await member('2027-07-01');
    await ctx.app.outbox.stop(5_000);
    const from = smtp.received.length;
    expect(await runDues(ctx.db, ctx.clock)).toMatchObject({ reminders: 1 });
    // Cancelled by staff before the reminder's turn came.
    await ctx.db
      .update(memberships)
      .set({ status: 'cancelled' })
      .where(eq(memberships.id, membershipId));
    ctx.app.outbox.start();
    await ctx.app.flushMail();
    expect(smtp.sentTo(email, from)).toEqual([]);
    const [notice] = await noticesOf(membershipId);
    const [row] = (await outbox.rowsOf(DUES_NOTICE_MAIL)).filter(
      (r) => r.params.noticeId === notice!.id,
    );
    expect(row!.state).toBe('skipped');
    expect(notice!.mailedAt).toBeNull();
  });
});

it('mails a day of dues notices from the outbox, each once, however many runs', async () => {
  setDay('2027-08-01');
  const members = await Promise.all(
    Array.from({ length: 12 }, (_, i) => member('2027-08-15', `member${i}@reminded.example`)),
  );
  const from = smtp.received.length;
  await Promise.all([runDues(ctx.db, ctx.clock), runDues(ctx.db, ctx.clock)]);
  await runDues(ctx.db, ctx.clock);
  await ctx.app.flushMail();
  const emails = members.map((m) => m.email);
  expect(
    smtp.received
      .slice(from)
      .flatMap(recipients)
      .filter((a) => a.endsWith('@reminded.example'))
      .sort(),
  ).toEqual([...emails].sort());
  const notices = await ctx.db
    .select()
    .from(duesNotices)
    .where(
      inArray(
        duesNotices.membershipId,
        members.map((m) => m.membershipId),
      ),
    );
  expect(notices).toHaveLength(12);
  expect(notices.every((x) => x.mailedAt !== null)).toBe(true);
});

it('queues, on upgrade, the mail of each notice written before and not mailed yet', async () => {
  setDay('2027-09-01');
  const { email, membershipId } = await member(addDays('2027-09-01', 14));
  await ctx.app.outbox.stop(5_000);
  const from = smtp.received.length;
  // As the old dues run left them: notices queued without an outbox row, one mailed already.
  const write = (kind: DuesNoticeKind, mailedAt: Date | null) =>
    ctx.db
      .insert(duesNotices)
      .values({
        membershipId,
        kind,
        paidThrough: '2027-09-15',
        daysBefore: kind === 'renewal_reminder' ? 14 : 0,
        sentAt: ctx.clock.now(),
        mailedAt,
      })
      .returning();
  const [waiting] = await write('renewal_reminder', null);
  const [mailedMeanwhile] = await write('auto_charge_notice', null);
  const [mailed] = await write('charge_failed', ctx.clock.now());
  await ctx.db.execute(sql.raw(await backfill()));
  // Run again (a migration is run once, but it must not queue twice if it were).
  await ctx.db.execute(sql.raw(await backfill()));
  const queuedFor = async (id: string) =>
    (await outbox.rowsOf(DUES_NOTICE_MAIL)).filter((r) => r.params.noticeId === id);
  expect(await queuedFor(waiting!.id)).toHaveLength(1);
  expect(await queuedFor(mailedMeanwhile!.id)).toHaveLength(1);
  expect(await queuedFor(mailed!.id)).toEqual([]);
  // A process still on the old code mails one during the upgrade: the outbox leaves it.
  await ctx.db
    .update(duesNotices)
    .set({ mailedAt: ctx.clock.now() })
    .where(eq(duesNotices.id, mailedMeanwhile!.id));
  ctx.app.outbox.start();
  await ctx.app.flushMail();
  expect(smtp.sentTo(email, from).map((m) => m.subject)).toEqual([
    'Your Riverton Area Chamber of Commerce membership renews in 14 days',
  ]);
  expect((await queuedFor(mailedMeanwhile!.id))[0]!.state).toBe('skipped');
  const notices = await ctx.db
    .select()
    .from(duesNotices)
    .where(eq(duesNotices.membershipId, membershipId));
  expect(notices.every((x) => x.mailedAt !== null)).toBe(true);
});

/** The migration's statement that queues the mail of notices written before the outbox. */
async function backfill(): Promise<string> {
  const dir = fileURLToPath(new URL('../../../../../packages/db/drizzle/', import.meta.url));
  const name = (await readdir(dir)).find((f) =>
    f.endsWith('_dues_notices_through_the_outbox.sql'),
  )!;
  const statements = (await readFile(`${dir}${name}`, 'utf8')).split('--> statement-breakpoint');
  const code = (st: string) => st.replace(/^\s*--.*$/gm, '').trim();
  return statements.map(code).find((st) => st.startsWith('INSERT INTO "mail_outbox"'))!;
}
