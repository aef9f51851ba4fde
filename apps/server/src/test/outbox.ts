import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '@chamber/db';
import type { TestContext } from './app.js';
import type { SmtpServer } from './smtp.js';

/**
 * Checks of a mail moved onto the outbox: written in the transaction of the change that calls
 * for it (a change rolled back queues nothing), and mailed from its row alone (nothing waits
 * in the process's memory), once, with the row's Message-ID.
 */
export function outboxChecks(ctx: () => TestContext, smtp: () => SmtpServer) {
  const rowsOf = (kind: string) =>
    ctx().db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));

  /**
   * Makes every transaction that queues mail of `kind` fail when it commits (a deferred
   * trigger): the change that wrote the row fails with it only if they are one transaction.
   * `undo` removes it again (call it in afterEach).
   */
  async function refuseAtCommit(kind: string) {
    await ctx().pool.query(`
      create or replace function refuse_mail() returns trigger language plpgsql as $$
      begin
        if new.kind = '${kind}' then raise exception 'refused at commit'; end if;
        return new;
      end $$`);
    await ctx().pool.query(`
      create constraint trigger refuse_mail after insert on mail_outbox
      deferrable initially deferred for each row execute function refuse_mail()`);
  }
  async function undo() {
    await ctx().pool.query('drop trigger if exists refuse_mail on mail_outbox');
    ctx().app.outbox.start();
  }

  /**
   * The outbox's workers stopped, as in a process killed right after the commit: nothing may
   * have reached the mail server (the process holds no mail of its own to send).
   * Then the outbox alone sends what the change queued: `subject`, once, to
   * `to`, with its row's Message-ID. Answers the mail.
   */
  async function mailedFromTheOutboxOnly(
    kind: string,
    expected: { subject: string | RegExp; to?: string },
    change: () => Promise<void>,
  ) {
    const app = ctx().app;
    await app.flushMail();
    await app.outbox.stop(5_000);
    const before = smtp().received.length;
    const rowsBefore = (await rowsOf(kind)).length;
    await change();
    expect(smtp().received.length).toBe(before);
    const queued = (await rowsOf(kind)).filter((r) => r.state === 'pending');
    expect(queued).toHaveLength(1);
    expect(await rowsOf(kind)).toHaveLength(rowsBefore + 1);
    app.outbox.start();
    await app.flushMail();
    const sent = smtp().received.slice(before);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toMatch(expected.subject);
    const [row] = await ctx().db.select().from(mailOutbox).where(eq(mailOutbox.id, queued[0]!.id));
    expect(row).toMatchObject({ state: 'sent', attempts: 1, subject: mail.subject });
    expect(row!.recipient).toBe((mail.to as { text: string }).text);
    if (expected.to) expect(row!.recipient).toBe(expected.to);
    expect(mail.messageId).toBe(`<${row!.messageId}@${new URL(ctx().config.publicUrl).hostname}>`);
    return mail;
  }

  return { rowsOf, refuseAtCommit, undo, mailedFromTheOutboxOnly };
}
