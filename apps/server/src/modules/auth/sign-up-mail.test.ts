import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chambers } from '@chamber/db';
import { createContact, createTestApp, signIn, type TestContext } from '../../test/app.js';
import {
  codeFrom,
  registerExisting,
  sendConfirmation,
  verifyConfirmation,
} from '../../test/sign-up.js';
import { outboxChecks } from '../../test/outbox.js';
import { startSmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'office@rivertonchamber.example',
  });
  await ctx.db.insert(chambers).values({
    id: 'riverton',
    name: 'Riverton Area Chamber of Commerce',
    phone: '(801) 555-0142',
    accentColor: '#1f5f8b',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('onboarding mail through a real SMTP server', () => {
  it('delivers the code, which claims the contact, then the password notice', async () => {
    const contact = await createContact(ctx.db, {
      firstName: 'Diego',
      lastName: 'Ramirez',
      businessName: 'Taqueria El Sol',
      email: 'diego@taqueriaelsol.example',
    });

    const sent = await sendConfirmation(ctx, 'diego@taqueriaelsol.example');
    expect(sent.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: 'diego@taqueriaelsol.example' }] });
    expect(mail!.from?.value[0]).toEqual({
      name: 'Riverton Area Chamber of Commerce',
      address: 'office@rivertonchamber.example',
    });
    expect(mail!.html).toContain('background:#1f5f8b');
    const code = codeFrom(mail!);
    expect(mail!.subject).toBe(
      `${code} is your Riverton Area Chamber of Commerce confirmation code`,
    );
    expect(mail!.html).toContain(code);

    const verified = await verifyConfirmation(ctx, 'diego@taqueriaelsol.example', code);
    expect(verified.json()).toMatchObject({ verified: true, contact: { id: contact.id } });
    const registered = await registerExisting(ctx, 'diego@taqueriaelsol.example', 'salsa-verde-7', {
      claimToken: verified.json<{ claimToken: string }>().claimToken,
    });
    expect(registered.statusCode).toBe(201);

    const mails = await smtp.waitFor(2);
    // A first-time claim is welcomed: no password of theirs was changed.
    expect(mails[1]!.subject).toBe(
      'Welcome to the Riverton Area Chamber of Commerce member portal',
    );
    expect(mails[1]!.text).toContain('connected to your listing in the member directory');
    expect(mails[1]!.text).not.toMatch(/password/i);
    expect(mails[1]!.text).toContain('(801) 555-0142');
    await signIn(ctx, 'diego@taqueriaelsol.example', 'salsa-verde-7');
  });

  it('sends nothing for an address that is not on file', async () => {
    const before = smtp.received.length;
    expect((await sendConfirmation(ctx, 'nobody@unknown.example')).statusCode).toBe(200);
    // Everything queued by the answer has been sent (or failed) once this resolves.
    await ctx.app.flushMail();
    expect(smtp.received.length).toBe(before);
  });
});

describe('onboarding mail through the outbox', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  it('queues the code with its request and makes it as the mail is composed', async () => {
    await createContact(ctx.db, {
      firstName: 'Odile',
      lastName: 'Outbox',
      email: 'odile@outbox.example',
    });
    const mail = await outbox.mailedFromTheOutboxOnly(
      'confirmation-code',
      { subject: /confirmation code$/, to: 'odile@outbox.example' },
      async () => {
        expect((await sendConfirmation(ctx, 'odile@outbox.example')).statusCode).toBe(200);
      },
    );
    const verified = await verifyConfirmation(ctx, 'odile@outbox.example', codeFrom(mail));
    expect(verified.json()).toMatchObject({ verified: true });
  });

  it('queues a row for an address not on the roster too, and skips it', async () => {
    await ctx.app.flushMail();
    const sent = smtp.received.length;
    expect((await sendConfirmation(ctx, 'stranger@outbox.example')).statusCode).toBe(200);
    await ctx.app.flushMail();
    const [row] = (await outbox.rowsOf('confirmation-code')).filter(
      (r) => r.params.email === 'stranger@outbox.example',
    );
    expect(row).toMatchObject({ state: 'skipped', recipient: null });
    expect(smtp.received.length).toBe(sent);
  });
});
