import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { VerifyConfirmationResponse } from '@chamber/contract';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { TestContext } from './app.js';

/** Request helpers for the sign-up calls; each returns the raw response. */

type Call =
  'verify-contact' | 'send-confirmation' | 'verify-confirmation' | 'register-existing' | 'register';

export function post(
  ctx: TestContext,
  call: Call,
  payload: object,
  remoteAddress = '203.0.113.10',
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: `/api/auth/${call}`, payload, remoteAddress });
}

export const verifyContact = (ctx: TestContext, email: string, ip?: string) =>
  post(ctx, 'verify-contact', { email }, ip);
export const sendConfirmation = (ctx: TestContext, email: string, ip?: string) =>
  post(ctx, 'send-confirmation', { email }, ip);
export const verifyConfirmation = (ctx: TestContext, email: string, code: string, ip?: string) =>
  post(ctx, 'verify-confirmation', { email, code }, ip);
export const registerExisting = (
  ctx: TestContext,
  email: string,
  password = 'a-new-password-1',
  extra: { claimToken?: string; existingContactId?: string; confirmPassword?: string } = {},
  ip?: string,
) =>
  post(
    ctx,
    'register-existing',
    { email, password, confirmPassword: password, isExistingContact: true, ...extra },
    ip,
  );

/** Checks a right code and returns the claim token its answer carries. */
export async function confirmCode(
  ctx: TestContext,
  email: string,
  code: string,
  ip?: string,
): Promise<string> {
  const res = await verifyConfirmation(ctx, email, code, ip);
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return res.json<VerifyConfirmationResponse>().claimToken;
}

/** Every message in the outbox folder, oldest first. */
export async function readOutbox(ctx: TestContext): Promise<ParsedMail[]> {
  const dir = path.join(ctx.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
}

const recipient = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase();
};

/** The messages to `email`, waiting until there are at least `count` (mail goes out after the answer). */
export async function mailTo(ctx: TestContext, email: string, count = 1): Promise<ParsedMail[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await readOutbox(ctx)).filter((m) => recipient(m) === email.toLowerCase());
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`only ${mails.length} of ${count} mails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The code in a confirmation message, read from its plain-text part as a person would. */
export function codeFrom(mail: ParsedMail): string {
  const match = mail.text?.match(/^\s{4}(\d{6})$/m);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1]!;
}

/** Sends a code to `email` and returns it, read from the mail. */
export async function requestCode(ctx: TestContext, email: string, ip?: string): Promise<string> {
  const before = (await readOutbox(ctx)).filter((m) => recipient(m) === email.toLowerCase());
  const res = await sendConfirmation(ctx, email, ip);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  const mails = await mailTo(ctx, email, before.length + 1);
  return codeFrom(mails.at(-1)!);
}

/** A wrong code: any six digits but the right ones. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
