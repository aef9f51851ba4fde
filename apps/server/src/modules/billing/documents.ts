import { formatMoney, type HowToPay, howToPayItems, type InvoicePurpose } from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { membershipValue } from '../account/index.js';
import { billingRecipients, businessAddresses } from '../members/index.js';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import type { Compose } from '../../lib/mail/delivery.js';
import { type MailOutbox, queueMail } from '../../lib/mail/outbox.js';
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
} from './document-text.js';
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
 * PDFs and mails of invoices, receipts and credit notes. Their mail is written to the outbox
 * in the transaction that issued or paid the invoice (`queueMail`) and composed when its turn
 * comes, from the invoice as it is then.
 */
export class BillingDocuments {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly storage: Storage,
    private readonly clock: Clock = systemClock,
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
    // pdfkit and the fonts are loaded with the first document drawn, not with the server.
    const { renderPdf } = await import('./pdf.js');
    const bytes = await renderPdf(variant, doc, await this.letterhead());
    return { filename: pdfFilename(variant, doc.invoice), bytes };
  }

  /**
   * Where an invoice's or receipt's mail goes, as the business's people are when it is sent:
   * staff's chosen recipients, else the billing person, else the primary one (the members
   * module's rule). A ticket's goes to its buyer, and so does an invoice staff addressed to
   * someone who is none of the business's people: the bill-to's address. A bill-to without an
   * address (staff's walk-in) is mailed to nobody.
   */
  private async recipientsOf(invoice: q.InvoiceRow): Promise<string | undefined> {
    const billTo = invoice.billTo.email;
    if (!billTo || !invoice.contactId || invoice.purpose === 'event_ticket') return billTo;
    const [people, chosen] = await Promise.all([
      businessAddresses(this.db, invoice.contactId),
      billingRecipients(this.db, invoice.contactId, 'invoice'),
    ]);
    if (billTo && !people.has(billTo.trim().toLowerCase())) return billTo;
    return chosen.length > 0 ? chosen.map((r) => r.email).join(', ') : billTo;
  }

  /** The invoice's mail with its PDF attached, or null when there is nobody to mail. */
  async composeInvoice(invoiceId: string): Promise<Compose | null> {
    const doc = await this.document(invoiceId);
    const to = doc ? await this.recipientsOf(doc.invoice) : undefined;
    if (!doc || !to) return null;
    const { filename, bytes } = await this.pdf(doc, 'invoice');
    const notes = await this.notesFor(doc, 'invoice');
    return (chamber) => ({
      to,
      ...invoiceIssuedMail(chamber, doc, notes),
      attachments: [{ filename, content: bytes, contentType: 'application/pdf' }],
    });
  }

  /** The receipt of a paid invoice with the PDF attached; null unless paid and addressed. */
  async composeReceipt(invoiceId: string): Promise<Compose | null> {
    const doc = await this.document(invoiceId);
    const to = doc ? await this.recipientsOf(doc.invoice) : undefined;
    if (!doc || !to || doc.invoice.status !== 'paid') return null;
    const { filename, bytes } = await this.pdf(doc, 'receipt');
    const notes = await this.notesFor(doc, 'receipt');
    return (chamber) => ({
      to,
      ...receiptMail(chamber, doc, notes),
      attachments: [{ filename, content: bytes, contentType: 'application/pdf' }],
    });
  }

  /** Registers the invoice and receipt mails with the outbox (composed from the invoice then). */
  register(outbox: MailOutbox): void {
    outbox.register(INVOICE_MAIL, (p) => this.composeInvoice(String(p.invoiceId)));
    outbox.register(RECEIPT_MAIL, (p) => this.composeReceipt(String(p.invoiceId)));
  }

  /**
   * Writes an invoice's mail of one kind to the outbox, at most once per invoice, in the
   * caller's transaction (the one that issued or paid it): every path that learns of a
   * payment (the webhook, a ticket's, staff recording it) may ask, and one receipt is queued.
   * The invoice's `*_mailed_at` says when it was queued; the outbox row, how it went.
   */
  async queueMail(
    tx: Executor,
    now: Date,
    invoiceId: string,
    kind: 'invoice' | 'receipt',
  ): Promise<void> {
    if (await q.markMailedOnce(tx, invoiceId, kind, now)) {
      await queueMail(tx, now, kind === 'invoice' ? INVOICE_MAIL : RECEIPT_MAIL, { invoiceId });
    }
  }

  /** `queueMail` in a transaction of its own, for a change that has already committed. */
  async queueMailNow(invoiceId: string, kind: 'invoice' | 'receipt'): Promise<void> {
    await this.db.transaction((tx) => this.queueMail(tx, this.clock.now(), invoiceId, kind));
  }
}

/** The outbox's kinds of billing mail: an invoice issued, a payment's receipt. */
export const INVOICE_MAIL = 'invoice';
export const RECEIPT_MAIL = 'receipt';

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
