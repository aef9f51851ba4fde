import { formatMoney, type HowToPay, howToPayItems, type InvoicePurpose } from '@chamber/contract';
import type { Database } from '@chamber/db';
import { membershipValue } from '../account/index.js';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import type { SentMail } from '../../lib/mail/mailer.js';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';
import { mediaKeyFromUrl } from '../../lib/media-url.js';
import type { Storage } from '../../lib/storage.js';
import {
  type BillingDocument,
  type Letterhead,
  longDate,
  paidBy,
  pdfFilename,
  type PdfVariant,
  renderPdf,
} from './pdf.js';
import * as q from './queries.js';

/** Paragraphs an invoice's or receipt's mail adds, from the invoice as it stands when mailed. */
export type MailNotes = (
  invoice: BillingDocument['invoice'],
  variant: 'invoice' | 'receipt',
) => Promise<string[]>;

const MAX_LOGO_BYTES = 5 * 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * PDFs and mails of invoices, receipts and credit notes. Mail is sent after the transaction
 * that issued or paid the invoice has committed, by whoever committed it.
 */
export class BillingDocuments {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly storage: Storage,
    private readonly mail: MailDelivery,
  ) {}

  private readonly notes = new Map<InvoicePurpose, MailNotes>();

  /**
   * What an invoice or receipt mail of a purpose adds for its reader: the module that owns the
   * purpose says what the invoice means for them (a join's: the membership's standing).
   */
  describe(purpose: InvoicePurpose, notes: MailNotes): void {
    this.notes.set(purpose, notes);
  }

  private async notesFor(doc: BillingDocument, variant: 'invoice' | 'receipt') {
    const notes = this.notes.get(doc.invoice.purpose);
    return notes ? await notes(doc.invoice, variant) : [];
  }

  /**
   * The chamber's name, address and logo. The logo is used when it is one of the portal's own
   * uploads; a logo on another site is left out rather than fetched while rendering.
   */
  async letterhead(): Promise<Letterhead> {
    const chamber = await q.firstChamber(this.db);
    const cityLine = [
      chamber?.city,
      [chamber?.state, chamber?.postalCode].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
    return {
      name: chamber?.name ?? this.config.chamberName,
      addressLines: [chamber?.address1 ?? '', cityLine].filter(Boolean),
      phone: chamber?.phone ?? '',
      email: chamber?.email ?? '',
      logo: chamber?.logoUrl ? await this.logo(chamber.logoUrl) : null,
      publicUrl: this.config.publicUrl,
    };
  }

  private async logo(url: string): Promise<Buffer | null> {
    const key = mediaKeyFromUrl(url, this.config.publicUrl);
    if (!key) return null;
    try {
      const object = await this.storage.get(key);
      if (!object || object.size > MAX_LOGO_BYTES) return null;
      // pdfkit draws PNG and JPEG only; WebP and others are converted.
      return await sharp(await readAll(object.body))
        .png()
        .toBuffer();
    } catch {
      return null;
    }
  }

  async document(invoiceId: string): Promise<BillingDocument | null> {
    const invoice = await q.findInvoice(this.db, invoiceId);
    if (!invoice) return null;
    const [lines, payments, settings, credited] = await Promise.all([
      q.linesOf(this.db, [invoice.id]),
      q.paymentsOf(this.db, [invoice.id]),
      q.settings(this.db),
      invoice.creditsInvoiceId ? q.findInvoice(this.db, invoice.creditsInvoiceId) : undefined,
    ]);
    return {
      invoice,
      lines,
      payments,
      creditsNumber: credited?.number ?? null,
      howToPay: await this.howToPay(settings),
      payOnlineUrl: this.payOnlineUrl(invoice),
      yearSummary:
        invoice.purpose === 'membership_renewal' && invoice.contactId
          ? (await membershipValue(this.db, invoice.contactId, invoice.issuedOn)).summary
          : null,
    };
  }

  /** The offline ways to pay from the dues settings, and the chamber's phone and email. */
  async howToPay(settings?: q.SettingsRow): Promise<HowToPay> {
    const [s, chamber] = await Promise.all([
      settings ?? q.settings(this.db),
      q.firstChamber(this.db),
    ]);
    return {
      payee: s.payee,
      mailingAddress: s.mailingAddress,
      bankDetails: s.bankDetails,
      note: s.paymentInstructions,
      contact: [chamber?.phone, chamber?.email].filter(Boolean).join(', '),
    };
  }

  /**
   * Where an invoice is paid by card: a member's on their membership page, when the portal
   * takes cards. A ticket is paid by card when registering, so its invoice names none.
   */
  private payOnlineUrl(invoice: q.InvoiceRow): string | null {
    if (!this.config.stripe || !invoice.contactId) return null;
    return invoice.purpose === 'event_ticket' ? null : `${this.config.publicUrl}/membership`;
  }

  /** The variant an invoice prints as when asked for its PDF. */
  static variantOf(invoice: q.InvoiceRow): PdfVariant {
    return invoice.kind === 'credit_note' ? 'credit_note' : 'invoice';
  }

  async pdf(
    doc: BillingDocument,
    variant: PdfVariant,
  ): Promise<{ filename: string; bytes: Buffer }> {
    const bytes = await renderPdf(variant, doc, await this.letterhead());
    return { filename: pdfFilename(variant, doc.invoice), bytes };
  }

  /**
   * Mails an invoice to its addressee with the PDF attached, once: a second call (a double
   * click, a retried request) finds it mailed and sends nothing. Null when nothing was sent.
   */
  async sendInvoiceMail(invoiceId: string): Promise<SentMail | null> {
    return this.once(invoiceId, 'invoice', async () => {
      const doc = await this.document(invoiceId);
      const to = doc?.invoice.billTo.email;
      if (!doc || !to) return null;
      const { filename, bytes } = await this.pdf(doc, 'invoice');
      const notes = await this.notesFor(doc, 'invoice');
      return this.mail.send((chamber) => ({
        to,
        ...invoiceIssuedMail(chamber, doc, notes),
        attachments: [{ filename, content: bytes, contentType: 'application/pdf' }],
      }));
    });
  }

  /**
   * Mails the receipt of a paid invoice with the PDF attached, once per invoice: every path
   * that learns of the payment (the webhook, a ticket's confirmation, staff recording it)
   * may ask, and one receipt goes out. Null when nothing was sent.
   */
  async sendReceiptMail(invoiceId: string): Promise<SentMail | null> {
    return this.once(invoiceId, 'receipt', async () => {
      const doc = await this.document(invoiceId);
      const to = doc?.invoice.billTo.email;
      if (!doc || !to || doc.invoice.status !== 'paid') return null;
      const { filename, bytes } = await this.pdf(doc, 'receipt');
      const notes = await this.notesFor(doc, 'receipt');
      return this.mail.send((chamber) => ({
        to,
        ...receiptMail(chamber, doc, notes),
        attachments: [{ filename, content: bytes, contentType: 'application/pdf' }],
      }));
    });
  }

  /**
   * Sends an invoice's mail of one kind at most once. The invoice's row stays locked while
   * the mail goes out, so a second sender waits and then finds it marked; a send that fails
   * leaves it unmarked, for the next ask.
   */
  private async once(
    invoiceId: string,
    kind: 'invoice' | 'receipt',
    send: () => Promise<SentMail | null>,
  ): Promise<SentMail | null> {
    return this.db.transaction(async (tx) => {
      const invoice = await q.lockInvoice(tx, invoiceId);
      if (!invoice) return null;
      if ((kind === 'invoice' ? invoice.invoiceMailedAt : invoice.receiptMailedAt) !== null) {
        return null;
      }
      const sent = await send();
      if (sent) await q.markMailed(tx, invoiceId, kind, new Date());
      return sent;
    });
  }

  /** The same, sent after the answer; a failure is logged for staff. */
  invoiceMailLater(invoiceId: string): void {
    this.mail.later('invoice issued', async () => void (await this.sendInvoiceMail(invoiceId)));
  }

  receiptMailLater(invoiceId: string): void {
    this.mail.later('receipt', async () => void (await this.sendReceiptMail(invoiceId)));
  }
}

const firstName = (doc: BillingDocument) => doc.invoice.billTo.name?.split(' ')[0] ?? '';
const greeting = (doc: BillingDocument) => (firstName(doc) ? `Hello ${firstName(doc)},` : 'Hello,');

/**
 * Where a billing mail sends its reader: a member to their membership page, where their
 * invoices and receipts are; a ticket's buyer (perhaps no member at all) to the event.
 */
function readerLink(chamber: ChamberIdentity, doc: BillingDocument) {
  if (doc.invoice.purpose === 'event_ticket') {
    const eventId = (doc.invoice.purposeDetail as { eventId?: string } | null)?.eventId;
    return {
      paragraph: 'The receipt is your record of the payment; the event page has the details.',
      action: eventId
        ? { label: 'See the event', url: `${chamber.publicUrl}/events/${eventId}` }
        : undefined,
    };
  }
  return {
    paragraph: 'Your invoices, receipts and membership are on your membership page.',
    action: { label: 'My membership', url: `${chamber.publicUrl}/membership` },
  };
}

/** 'Invoice 2026-0001: $550.00 due by 9 April 2026', with how to pay. */
export function invoiceIssuedMail(
  chamber: ChamberIdentity,
  doc: BillingDocument,
  notes: string[] = [],
) {
  const { invoice } = doc;
  const total = formatMoney(invoice.totalCents, invoice.currency);
  const what = doc.lines.map((l) => l.description).join('; ');
  const link = readerLink(chamber, doc);
  const howToPay = howToPayItems(doc.howToPay, invoice.number, doc.payOnlineUrl).map(
    (item) => `${item.label}: ${item.text}`,
  );
  return renderMail(chamber, {
    subject: `Invoice ${invoice.number}: ${total} due by ${longDate(invoice.dueOn)}`,
    preview: `${what}: ${total}`,
    greeting: greeting(doc),
    paragraphs: [
      `Here is invoice ${invoice.number} from ${chamber.name} for ${what}: ${total}, due by ${longDate(invoice.dueOn)}. The invoice is attached as a PDF.`,
      `How to pay:\n${howToPay.join('\n')}`,
      ...notes,
      link.paragraph,
    ],
    ...(link.action ? { action: link.action } : {}),
    note: 'If you have already paid, thank you: a receipt follows once the payment is recorded.',
  });
}

/** 'Receipt for invoice 2026-0001: $550.00 paid', naming how and when. */
export function receiptMail(chamber: ChamberIdentity, doc: BillingDocument, notes: string[] = []) {
  const { invoice } = doc;
  const total = formatMoney(invoice.totalCents, invoice.currency);
  const payment = doc.payments.find((p) => p.kind === 'payment');
  const link = readerLink(chamber, doc);
  const how = payment ? ` by ${paidBy(payment)} on ${longDate(payment.receivedOn)}` : '';
  return renderMail(chamber, {
    subject: `Receipt for invoice ${invoice.number}: ${total} paid`,
    preview: `Thank you: ${total} received.`,
    greeting: greeting(doc),
    paragraphs: [
      `Thank you: we received ${total}${how} for invoice ${invoice.number}. The receipt is attached as a PDF.`,
      ...notes,
      link.paragraph,
    ],
    ...(link.action ? { action: link.action } : {}),
  });
}
