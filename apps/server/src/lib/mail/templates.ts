import { escapeHtml } from '../html.js';

/** Who the mail comes from (the chamber module loads it from the chamber's record). */
export interface ChamberIdentity {
  name: string;
  accentColor: string;
  addressLine: string;
  phone: string;
  email: string;
  publicUrl: string;
  /** The chamber's logo (an absolute URL or a path under the portal), when it has one. */
  logoUrl?: string;
}

export interface MailContent {
  subject: string;
  /** The line mail programs show after the subject. */
  preview: string;
  greeting: string;
  /** A line break inside a paragraph is kept (a list of how to pay, an address). */
  paragraphs: string[];
  /** A code shown large, e.g. a confirmation code. */
  code?: string;
  action?: { label: string; url: string };
  /** A second, plainer link under the button. */
  link?: { label: string; url: string };
  /** Small print after the main content. */
  note?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One layout for every message: the chamber's name and colour, plain text alongside. */
export function renderMail(chamber: ChamberIdentity, content: MailContent): RenderedMail {
  const footer = [chamber.name, chamber.addressLine, chamber.phone, chamber.email]
    .filter(Boolean)
    .join(' · ');
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    '-- ',
    footer,
    chamber.publicUrl,
  ].join('\n');

  const accent = chamber.accentColor;
  const p = (html: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${html}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e5e7eb">
<tr><td style="background:${accent};padding:20px 28px;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(chamber.name)}</td></tr>
<tr><td style="padding:28px">
${p(escapeHtml(content.greeting))}
${content.paragraphs.map((para) => p(escapeHtml(para).replace(/\n/g, '<br>'))).join('\n')}
${content.code ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:700;font-family:'SFMono-Regular',Consolas,monospace;color:#111827">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>` : ''}
${content.link ? `<p style="margin:0 0 24px;font-size:15px;line-height:22px"><a href="${escapeHtml(content.link.url)}" style="color:${accent}">${escapeHtml(content.link.label)}</a></p>` : ''}
${content.note ? `<p style="margin:0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(content.note)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280">${escapeHtml(footer)}<br><a href="${escapeHtml(chamber.publicUrl)}" style="color:${accent}">${escapeHtml(chamber.publicUrl.replace(/^https?:\/\//, ''))}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: content.subject, text, html };
}

/** The confirmation code of the existing-contact sign-up (docs/product.md#screens Register existing contact). */
export function confirmationCodeMail(chamber: ChamberIdentity, code: string, minutes: number) {
  return renderMail(chamber, {
    subject: `${code} is your ${chamber.name} confirmation code`,
    preview: `Enter ${code} to connect your membership. It expires in ${minutes} minutes.`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone, hopefully you, asked to connect this email address to its ${chamber.name} member listing. Enter this code on the Check Your Email page:`,
    ],
    code,
    note: `The code expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this message: nothing changes without the code.`,
  });
}

/** Sent after a new registration (`/register`). */
export function welcomeMail(chamber: ChamberIdentity, firstName: string) {
  return renderMail(chamber, {
    subject: `Welcome to the ${chamber.name}`,
    preview: 'Your account is ready to sign in. Here is what happens next.',
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for registering with the ${chamber.name}. You can sign in now and fill in your business profile.`,
      'Our staff will review your registration and confirm your membership, usually within two business days. Once it is confirmed, your business appears in the member directory.',
      `Questions? Reply to this message${chamber.phone ? ` or call us at ${chamber.phone}` : ''}.`,
    ],
    action: { label: 'Sign in to your account', url: `${chamber.publicUrl}/login` },
  });
}

/**
 * Sent after a roster member claims their listing (`/register-existing`): the account is new
 * and already active, so it welcomes them rather than reporting a changed password. It still
 * says what to do if someone else made the account.
 */
export function claimWelcomeMail(chamber: ChamberIdentity, firstName: string) {
  return renderMail(chamber, {
    subject: `Welcome to the ${chamber.name} member portal`,
    preview: 'Your account is ready and connected to your directory listing.',
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Your ${chamber.name} account is ready and connected to your listing in the member directory. Sign in to keep your business profile up to date and to post events on the chamber's calendar.`,
      `If you did not create this account, contact the chamber office right away${chamber.phone ? ` at ${chamber.phone}` : ''}${chamber.email ? ` or ${chamber.email}` : ''}.`,
    ],
    action: { label: 'Sign in to your account', url: `${chamber.publicUrl}/login` },
  });
}

/** Sent when an account's password is set or changed. */
export function passwordChangedMail(chamber: ChamberIdentity, firstName: string) {
  return renderMail(chamber, {
    subject: `Your ${chamber.name} password was changed`,
    preview: 'If you made this change, there is nothing more to do.',
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `The password of your ${chamber.name} account was just set. If that was you, there is nothing more to do.`,
      `If it was not you, contact the chamber office right away${chamber.phone ? ` at ${chamber.phone}` : ''}${chamber.email ? ` or ${chamber.email}` : ''}.`,
    ],
    action: { label: 'Sign in', url: `${chamber.publicUrl}/login` },
  });
}
