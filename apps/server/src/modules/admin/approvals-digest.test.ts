import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPosts, mailOutbox } from '@chamber/db';
import {
  createContact,
  createMailingApp,
  createTestUser,
  type TestContext,
} from '../../test/app.js';
import { recipients, type startSmtpServer } from '../../test/smtp.js';
import { queueApprovalsDigest } from './approvals-digest.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let close: () => Promise<void>;
let adminEmail: string;

const MINUTE = 60_000;

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp({ PUBLIC_URL: 'https://portal.example' }));
  adminEmail = (
    await createTestUser(ctx.db, {
      role: 'admin',
      firstName: 'Avery',
      email: 'avery@digest.example',
      contact: false,
    })
  ).email;
  // A suspended admin and a member get no digest.
  await createTestUser(ctx.db, { role: 'admin', status: 'suspended', contact: false });
  await createTestUser(ctx.db, { email: 'member@digest.example' });
});
afterAll(() => close());

let serial = 0;
/** A job post submitted now, waiting for staff. */
async function waitingPost(title: string) {
  serial += 1;
  const contact = await createContact(ctx.db, {
    businessName: `Digest Shop ${serial}`,
    email: `shop${serial}@digest.example`,
  });
  await ctx.db.insert(jobPosts).values({
    contactId: contact.id,
    title,
    description: 'Good work.',
    employmentType: 'full_time',
    workplace: 'on_site',
    applyUrl: 'mailto:jobs@digest.example',
    closesOn: '2026-06-30',
    status: 'pending',
    submittedAt: ctx.clock.now(),
  });
}

const digests = async () =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'approvals-digest'));

describe('the approvals digest (the approvals-digest job)', () => {
  it('mails staff at most once an hour, listing what waits, when something new waits', async () => {
    const from = smtp.received.length;
    let moved = 0;
    const advance = (ms: number) => {
      ctx.clock.advance(ms);
      moved += ms;
    };
    try {
      // Nothing waits: nothing to say.
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 0 });

      // Two posts within the hour: one digest, listing both.
      await waitingPost('Barista');
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 1 });
      advance(20 * MINUTE);
      await waitingPost('Baker');
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 0 });
      advance(30 * MINUTE);
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 0 });
      expect(await digests()).toHaveLength(1);

      // An hour after the first, the Baker (new since it) brings the second.
      advance(10 * MINUTE);
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 1 });
      expect(await digests()).toHaveLength(2);

      // Nothing new since: the hours after stay quiet, though both still wait.
      advance(2 * 60 * MINUTE);
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({
        queued: 0,
        waiting: 2,
      });
      // A new post an hour or more after the last digest: a third.
      await waitingPost('Cook');
      expect(await queueApprovalsDigest(ctx.db, ctx.clock)).toMatchObject({ queued: 1 });
      expect(await digests()).toHaveLength(3);

      await ctx.app.flushMail();
      const mails = smtp.received.slice(from);
      // One mail a digest, to the active admin only.
      expect(mails.map((m) => recipients(m))).toEqual([[adminEmail], [adminEmail], [adminEmail]]);
      // Composed when sent, from what waits then; each post by name, with the list's link.
      expect(mails[2]!.subject).toBe('Waiting for approval: 3 items');
      const text = mails[2]!.text ?? '';
      expect(text).toContain('Hi Avery,');
      expect(text).toContain(
        '3 job posts wait for approval (https://portal.example/admin?tab=jobs)',
      );
      expect(text).toContain('• Barista (Digest Shop 1)');
      expect(text).toContain('• Baker (Digest Shop 2)');
      expect(text).toContain('• Cook (Digest Shop 3)');
    } finally {
      ctx.clock.advance(-moved);
    }
  });
});
