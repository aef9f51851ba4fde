import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, duesNotices, memberships } from '@chamber/db';
import { inArray } from 'drizzle-orm';
import { createMailer } from '../../lib/mail/mailer.js';
import { chamberMail } from '../chamber/index.js';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';
import { recipients, startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { mailQueuedNotices } from './dues-run.js';

let ctx: TestContext;
let smtp: SmtpServer;

beforeAll(async () => {
  // A mail server that takes a while over each message.
  smtp = await startSmtpServer({ holdEach: () => new Promise((r) => setTimeout(r, 150)) });
  ctx = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

it('sends a day of dues mail side by side over a few reused connections, each mail once', async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `member${i}@reminded.example`);
  for (const [i, email] of emails.entries()) {
    await createContact(ctx.db, {
      email,
      businessName: `Reminded ${i}`,
      paymentStatus: 'paid',
      membershipTier: 'standard',
    });
  }
  const rows = await ctx.db.select().from(memberships);
  expect(rows).toHaveLength(12);
  await ctx.db.insert(duesNotices).values(
    rows.map((m) => ({
      membershipId: m.id,
      kind: 'renewal_reminder' as const,
      paidThrough: m.paidThrough!,
      daysBefore: 30,
      sentAt: ctx.clock.now(),
    })),
  );

  // A small pool, as a portal process has: two connections for everything.
  const small = connect(ctx.url, { max: 2 });
  const mailer = createMailer(ctx.config);
  try {
    const sent = await mailQueuedNotices(
      small.db,
      ctx.clock,
      chamberMail(small.db, ctx.config, mailer),
    );
    expect(sent).toBe(12);
  } finally {
    await mailer.close();
    await small.close();
  }
  expect(smtp.received.flatMap(recipients).sort()).toEqual([...emails].sort());
  // One at a time, twelve mails took twelve waits on the mail server and twelve connections.
  expect(smtp.seen.mostAtOnce).toBeGreaterThanOrEqual(2);
  expect(smtp.seen.connections).toBeLessThan(12);
  const left = await ctx.db
    .select()
    .from(duesNotices)
    .where(
      inArray(
        duesNotices.membershipId,
        rows.map((m) => m.id),
      ),
    );
  expect(left.every((n) => n.mailedAt !== null)).toBe(true);
});
