import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { verpTokenOf } from './verp.js';

/** One bounce or complaint about one address, read from the bounce mailbox. */
export interface BounceReport {
  /** 'hard': will never be delivered; 'soft': not delivered yet; 'complaint': marked as spam. */
  kind: 'hard' | 'soft' | 'complaint';
  /** The address that failed or complained, lower-case. */
  recipient: string;
  /** The token of the return path the message went out with (see verp.ts), if found. */
  verpToken: string | null;
  /** The enhanced status code (RFC 3463), such as '5.1.1'; null for complaints. */
  status: string | null;
  /** The reporting server's words: the Diagnostic-Code, or a complaint's Feedback-Type. */
  diagnostic: string | null;
}

export interface ParseOptions {
  /** The configured bounce address, to find VERP tokens by; without it `verpToken` is null. */
  bounceAddress?: string | undefined;
}

type Fields = Map<string, string>;

/** Header-style field groups (RFC 3464 and RFC 5965 bodies): one map per blank-line group. */
export function fieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let current: Fields | null = null;
  let last: string | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      current = null;
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && current && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    if (!current) {
      current = new Map();
      groups.push(current);
    }
    last = line.slice(0, colon).trim().toLowerCase();
    // A repeated field keeps its first value (Original-Rcpt-To may repeat in ARF).
    if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
  }
  return groups;
}

/** `rfc822; <Someone@Example.org>` → `someone@example.org`; null when no address is there. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const typed = /^[\w-]+\s*;\s*(.*)$/.exec(value);
  const raw = (typed ? typed[1]! : value).trim();
  const bare = (/<([^<>]*)>/.exec(raw)?.[1] ?? raw).trim().toLowerCase();
  return /^[^\s@<>;,]+@[^\s@<>;,]+\.[^\s@<>;,]+$/.test(bare) ? bare : null;
}

/** `smtp; 550 5.1.1 ...` → `550 5.1.1 ...`. */
function diagnosticOf(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.replace(/^[\w-]+\s*;\s*/, '').trim();
  return text === '' ? null : text;
}

const bodyText = (part: Attachment) => part.content.toString('utf8');

const byType = (mail: ParsedMail, ...types: string[]) =>
  mail.attachments.find((a) => types.includes(a.contentType.toLowerCase()));

const parse = (raw: Buffer | string) =>
  simpleParser(raw, {
    keepDeliveryStatus: true,
    ignoreEmbedded: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });

/** The original message a report carries (whole, or its headers), parsed; null if none. */
async function originalOf(mail: ParsedMail): Promise<ParsedMail | null> {
  const part = byType(mail, 'message/rfc822', 'message/global', 'text/rfc822-headers');
  return part ? parse(part.content) : null;
}

function headerAddresses(mail: ParsedMail, ...names: string[]): string[] {
  const found: string[] = [];
  for (const name of names) {
    for (const line of mail.headerLines.filter((h) => h.key === name)) {
      found.push(line.line.slice(line.line.indexOf(':') + 1).trim());
    }
  }
  return found;
}

/**
 * The VERP token: the envelope sender the report names (ARF's Original-Mail-From), the address
 * the report came back to (the envelope headers its server added,
 * then To), else the original message's Return-Path.
 */
function tokenOf(
  bounceAddress: string | undefined,
  report: ParsedMail,
  original: ParsedMail | null,
  reported: (string | undefined)[] = [],
): string | null {
  if (!bounceAddress) return null;
  const candidates = [
    ...reported.filter((value): value is string => value !== undefined),
    ...headerAddresses(report, 'delivered-to', 'x-original-to', 'envelope-to', 'to'),
    ...(original ? headerAddresses(original, 'return-path', 'sender', 'from') : []),
  ].flatMap((value) => value.split(','));
  for (const candidate of candidates) {
    const token = verpTokenOf(bounceAddress, candidate);
    if (token) return token;
  }
  return null;
}

const FAILED_ACTIONS = new Set(['failed', 'delayed']);

async function deliveryStatusReport(
  mail: ParsedMail,
  part: Attachment,
  options: ParseOptions,
): Promise<BounceReport | null> {
  // The first group is about the message; each later one about one recipient.
  const recipients = fieldGroups(bodyText(part)).slice(1);
  const failed = recipients.find((fields) =>
    FAILED_ACTIONS.has((fields.get('action') ?? '').toLowerCase().split(/\s/)[0]!),
  );
  if (!failed) return null;
  const recipient =
    addressOf(failed.get('final-recipient')) ?? addressOf(failed.get('original-recipient'));
  if (!recipient) return null;
  const status = /^[245]\.\d{1,3}\.\d{1,3}/.exec(failed.get('status') ?? '')?.[0] ?? null;
  const action = failed.get('action')!.toLowerCase().split(/\s/)[0];
  // 'failed' with a 4.x.x status: given up on for now, not for good.
  const kind = action === 'failed' && !status?.startsWith('4.') ? 'hard' : 'soft';
  const original = await originalOf(mail);
  return {
    kind,
    recipient,
    verpToken: tokenOf(options.bounceAddress, mail, original),
    status,
    diagnostic: diagnosticOf(failed.get('diagnostic-code')),
  };
}

/** Feedback types (RFC 5965, RFC 6591) that are not someone calling the mail unwanted. */
const NOT_COMPLAINTS = new Set(['not-spam', 'auth-failure', 'dkim', 'spf']);

async function feedbackReport(
  mail: ParsedMail,
  part: Attachment,
  options: ParseOptions,
): Promise<BounceReport | null> {
  const fields = fieldGroups(bodyText(part))[0];
  const type = fields?.get('feedback-type')?.toLowerCase().trim();
  if (!fields || !type || NOT_COMPLAINTS.has(type)) return null;
  const original = await originalOf(mail);
  const to = original?.to ? (Array.isArray(original.to) ? original.to : [original.to]) : [];
  const recipient =
    addressOf(fields.get('original-rcpt-to')) ??
    addressOf(to.flatMap((list) => list.value)[0]?.address);
  if (!recipient) return null;
  return {
    kind: 'complaint',
    recipient,
    verpToken: tokenOf(options.bounceAddress, mail, original, [fields.get('original-mail-from')]),
    status: null,
    diagnostic: type,
  };
}

/**
 * Reads one message of the bounce mailbox: a delivery status notification (RFC 3464) whose
 * recipient failed or is delayed, or an abuse report (RFC 5965), as a report; anything else
 * (auto-replies, spam, reports of delivery, reports too broken to name an address) as null.
 * Never throws on bad input.
 */
export async function parseReport(
  raw: Buffer,
  options: ParseOptions = {},
): Promise<BounceReport | null> {
  try {
    const mail = await parse(raw);
    const type = mail.headers.get('content-type') as { value?: string } | undefined;
    if (type?.value?.toLowerCase() !== 'multipart/report') return null;
    const status = byType(mail, 'message/delivery-status', 'message/global-delivery-status');
    if (status) return await deliveryStatusReport(mail, status, options);
    const feedback = byType(mail, 'message/feedback-report');
    if (feedback) return await feedbackReport(mail, feedback, options);
    return null;
  } catch {
    return null;
  }
}
