import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chambers, type Database, listingCounts, membershipSettings } from '@chamber/db';
import { createContact } from '@chamber/db/factories';
import { type Config, loadConfig } from '../../config.js';
import { manualClock } from '../../lib/clock.js';
import { DiskStorage } from '../../lib/disk-storage.js';
import type { Storage } from '../../lib/storage.js';
import { type Compose, MailDelivery } from '../../lib/mail/delivery.js';
import { createMailer } from '../../lib/mail/mailer.js';
import { createTestDatabase } from '../../test/app.js';
import { makeImage } from '../../test/members.js';
import { startSmtpServer } from '../../test/smtp.js';
import { loadChamberIdentity } from '../chamber/index.js';
import { BillingDocuments } from './documents.js';
import { BillingService } from './service.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let dataDir: string;
let config: Config;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let storage: Storage;
let documents: BillingDocuments;
let mail: MailDelivery;
let billing: BillingService;
let contactId: string;
let logoUrl: string;

const clock = manualClock(new Date('2026-03-10T17:00:00Z'));

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The text of every page as pdfjs reads it, the items of a line joined. */
async function pdfjsText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join(''),
      );
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

/** pdffonts' table of a PDF's fonts (poppler-utils): name, type, embedded. */
async function pdfFonts(bytes: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const file = path.join(dataDir, `fonts-${crypto.randomUUID()}.pdf`);
  await writeFile(file, bytes);
  const out = await new Promise<string>((resolve, reject) =>
    execFile('pdffonts', [file], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  // Two header lines; then each font: name, type words, encoding, emb, sub, uni, object, gen.
  return out
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const words = line.trim().split(/\s+/);
      return { name: words[0]!, embedded: words.at(-5) === 'yes' };
    });
}

const hasImage = (bytes: Buffer) => bytes.toString('latin1').includes('/Subtype /Image');

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-billing-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.org',
  });
  storage = new DiskStorage(path.join(dataDir, 'media'));
  const png = await makeImage('png', { width: 120, height: 60 });
  const key = `${createHash('sha256').update(png).digest('hex')}.png`;
  await storage.put(key, png, 'image/png');
  logoUrl = `/api/media/${key}`;
  await db.insert(chambers).values({
    id: 'riverton-chamber',
    name: 'Riverton Area Chamber of Commerce',
    address1: '1 Center Street',
    city: 'Riverton',
    state: 'UT',
    postalCode: '84065',
    email: 'info@rivertonchamber.example',
    phone: '(801) 555-0100',
    logoUrl,
  });
  await db.update(membershipSettings).set({
    payee: 'Riverton Area Chamber of Commerce',
    mailingAddress: 'PO Box 12\nRiverton, UT 84065',
    bankDetails: 'Zions Bank, routing 124000054, account 0012345678',
    paymentInstructions: 'Cash at the office, weekdays 9 to 5.',
  });
  mail = new MailDelivery(() => loadChamberIdentity(db, config), createMailer(config));
  documents = new BillingDocuments(db, config, storage);
  billing = new BillingService(db, clock);
  contactId = (
    await createContact(db, {
      firstName: 'Maria',
      lastName: 'Delgado',
      businessName: 'Sweetwater Bakery',
      email: 'maria@sweetwater.example',
    })
  ).id;
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function issueTwoLines() {
  return billing.issueInvoice(db, {
    contactId,
    purpose: 'membership_join',
    lines: [
      { description: 'Enhanced membership, March 10, 2026 to March 9, 2027', unitCents: 55_000 },
      { description: 'Luncheon tickets', quantity: 3, unitCents: 1_500 },
    ],
  });
}

describe('PDFs', () => {
  it('prints an invoice with the chamber, its logo, number, dates, lines, total and how to pay', async () => {
    const { invoice } = await issueTwoLines();
    const doc = (await documents.document(invoice.id))!;
    const { filename, bytes } = await documents.pdf(doc, 'invoice');
    expect(filename).toBe(`invoice-${invoice.number}.pdf`);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(hasImage(bytes)).toBe(true);
    const text = await pdfText(bytes);
    for (const expected of [
      'Riverton Area Chamber of Commerce',
      '1 Center Street',
      'Riverton, UT 84065',
      `Invoice ${invoice.number}`,
      'Issued: March 10, 2026',
      'Due: April 9, 2026',
      'Sweetwater Bakery',
      'Maria Delgado',
      'Enhanced membership, March 10, 2026 to March 9, 2027',
      '$550.00',
      'Luncheon tickets',
      '$15.00',
      '$45.00',
      'Total',
      '$595.00',
      'How to pay',
      'Checks payable to: Riverton Area Chamber of Commerce',
      'Mail checks to: PO Box 12',
      'Riverton, UT 84065',
      'Bank transfer: Zions Bank, routing 124000054, account 0012345678',
      'Note: Cash at the office, weekdays 9 to 5.',
      `Please quote: Invoice ${invoice.number}`,
      'https://portal.example.org/membership',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a receipt and a credit note, and leaves out a logo on another site', async () => {
    await db.update(chambers).set({ logoUrl: 'https://cdn.example.com/logo.png' });
    try {
      const { invoice } = await issueTwoLines();
      const { payment } = await billing.recordPayment(db, {
        invoiceId: invoice.id,
        amountCents: 59_500,
        method: 'check',
        reference: '1042',
      });
      const receipt = await documents.pdf((await documents.document(invoice.id))!, 'receipt');
      expect(hasImage(receipt.bytes)).toBe(false);
      const text = await pdfText(receipt.bytes);
      expect(text).toContain(`Receipt for invoice ${invoice.number}`);
      expect(text).toContain('Paid $595.00 by check (1042) on March 10, 2026');
      expect(text).not.toContain('How to pay');

      const { creditNote } = await billing.refund(db, {
        paymentId: payment.id,
        amountCents: 4_500,
        reason: 'Tickets not used',
      });
      const credit = await documents.pdf((await documents.document(creditNote.id))!, 'credit_note');
      expect(credit.filename).toBe(`credit-note-${creditNote.number}.pdf`);
      const creditText = await pdfText(credit.bytes);
      expect(creditText).toContain(`Credit note ${creditNote.number}`);
      expect(creditText).toContain(`Credits: ${invoice.number}`);
      expect(creditText).toContain(`Refund for invoice ${invoice.number}: Tickets not used`);
      expect(creditText).toContain('$45.00');
    } finally {
      await db.update(chambers).set({ logoUrl });
    }
  });

  it('embeds its fonts, prints names in any script and is PDF/A', async () => {
    const { invoice } = await billing.issueInvoice(db, {
      contactId,
      purpose: 'other',
      lines: [{ description: '农历新年 luncheon, table for 8', unitCents: 24_000 }],
      billTo: {
        name: 'Nguyễn Thị Ánh',
        business: 'Piekarnia Łódź',
        address: 'ul. Piotrkowska 1\n90-001 Łódź',
        email: 'anh@example.org',
      },
    });
    const doc = (await documents.document(invoice.id))!;
    for (const variant of ['invoice', 'receipt'] as const) {
      const { bytes } = await documents.pdf(doc, variant);
      const text = await pdfjsText(bytes);
      for (const name of ['Nguyễn Thị Ánh', 'Piekarnia Łódź', '90-001 Łódź', '农历新年 luncheon']) {
        expect(text).toContain(name);
      }
      const fonts = await pdfFonts(bytes);
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
      // PDF/A-2b: its identification in the XMP metadata and an sRGB output intent.
      const raw = bytes.toString('latin1');
      expect(raw).toContain('<pdfaid:part>2</pdfaid:part>');
      expect(raw).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
      expect(raw).toContain('/S /GTS_PDFA1');
    }
  });

  it('prints the business’s year on a renewal invoice, as of its issue day', async () => {
    // Issued 2026-03-10: its year is 2025-03-11 to 2026-03-10.
    await db.insert(listingCounts).values([
      { contactId, day: '2025-03-10', kind: 'listing_view', count: 500 },
      { contactId, day: '2025-09-01', kind: 'listing_view', count: 410 },
      { contactId, day: '2026-03-10', kind: 'listing_view', count: 2 },
      { contactId, day: '2026-01-05', kind: 'website_click', count: 38 },
      { contactId, day: '2026-03-11', kind: 'website_click', count: 7 },
    ]);
    const { invoice } = await billing.issueInvoice(db, {
      contactId,
      purpose: 'membership_renewal',
      lines: [{ description: 'Enhanced membership renewal', unitCents: 55_000 }],
    });
    const text = await pdfText(
      (await documents.pdf((await documents.document(invoice.id))!, 'invoice')).bytes,
    );
    expect(text).toContain(
      'This year: 0 events, your listing was seen 412 times, 38 visits to your website.',
    );
    // A join invoice says nothing of a year the business has not had.
    const join = await issueTwoLines();
    const joinText = await pdfText(
      (await documents.pdf((await documents.document(join.invoice.id))!, 'invoice')).bytes,
    );
    expect(joinText).not.toContain('This year');
  });

  it('marks a void invoice as void', async () => {
    const { invoice } = await issueTwoLines();
    await billing.voidInvoice(db, { invoiceId: invoice.id, reason: 'Issued twice' });
    const { bytes } = await documents.pdf((await documents.document(invoice.id))!, 'invoice');
    expect(await pdfText(bytes)).toContain('VOID: Issued twice');
  });
});

describe('mails', () => {
  /** What the outbox does with a row of the kind: composes it from the invoice, and sends it. */
  const sendNow = async (composed: Promise<Compose | null>) => {
    const compose = await composed;
    return compose ? mail.send(compose) : null;
  };

  it('mails the invoice and then the receipt, each with its PDF, a plain-text part and /membership', async () => {
    const { invoice } = await issueTwoLines();
    const before = smtp.received.length;
    await sendNow(documents.composeInvoice(invoice.id));
    await billing.recordPayment(db, {
      invoiceId: invoice.id,
      amountCents: 59_500,
      method: 'bank_transfer',
      reference: 'TRF-88',
    });
    await sendNow(documents.composeReceipt(invoice.id));
    const [issued, receipt] = (await smtp.waitFor(before + 2)).slice(before);

    expect(issued!.to).toMatchObject({ text: 'maria@sweetwater.example' });
    expect(issued!.subject).toBe(`Invoice ${invoice.number}: $595.00 due by April 9, 2026`);
    expect(issued!.text).toContain(
      `Here is invoice ${invoice.number} from Riverton Area Chamber of Commerce for Enhanced membership, March 10, 2026 to March 9, 2027; Luncheon tickets: $595.00, due by April 9, 2026.`,
    );
    expect(issued!.text).toContain(
      [
        'How to pay:',
        'Checks payable to: Riverton Area Chamber of Commerce',
        'Mail checks to: PO Box 12',
        'Riverton, UT 84065',
        'Bank transfer: Zions Bank, routing 124000054, account 0012345678',
        'Note: Cash at the office, weekdays 9 to 5.',
        `Please quote: Invoice ${invoice.number}`,
      ].join('\n'),
    );
    expect(issued!.html).toContain('How to pay:<br>Checks payable to: Riverton Area Chamber');
    expect(issued!.text).toContain('My membership: https://portal.example.org/membership');
    expect(issued!.html).toContain('href="https://portal.example.org/membership"');
    const [attached] = issued!.attachments;
    expect(attached).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(attached!.content)).toContain(`Invoice ${invoice.number}`);

    expect(receipt!.subject).toBe(`Receipt for invoice ${invoice.number}: $595.00 paid`);
    expect(receipt!.text).toContain(
      `Thank you: we received $595.00 by bank transfer (TRF-88) on March 10, 2026 for invoice ${invoice.number}.`,
    );
    expect(receipt!.text).toContain('https://portal.example.org/membership');
    expect(receipt!.attachments[0]!.filename).toBe(`receipt-${invoice.number}.pdf`);
    expect(await pdfText(receipt!.attachments[0]!.content)).toContain('Paid $595.00');
  });

  it("sends a ticket's buyer to the event, not to a membership they may not have", async () => {
    const eventId = crypto.randomUUID();
    const { invoice } = await billing.issueInvoice(db, {
      contactId: null,
      purpose: 'event_ticket',
      purposeDetail: { eventId },
      lines: [{ description: 'Ticket: Harvest Dinner, March 19, 2026', unitCents: 4_500 }],
      billTo: { name: 'Walter Brandt', email: 'walter@example.org' },
    });
    await billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 4_500, method: 'cash' });
    const before = smtp.received.length;
    await sendNow(documents.composeReceipt(invoice.id));
    const [receipt] = (await smtp.waitFor(before + 1)).slice(before);
    expect(receipt!.subject).toBe(`Receipt for invoice ${invoice.number}: $45.00 paid`);
    expect(receipt!.text).not.toContain('My membership');
    expect(receipt!.text).not.toContain('/membership');
    expect(receipt!.text).toContain(`See the event: https://portal.example.org/events/${eventId}`);
  });

  it('sends no receipt for an open invoice, and nothing to an addressee without an address', async () => {
    const { invoice } = await issueTwoLines();
    expect(await documents.composeReceipt(invoice.id)).toBeNull();
    const { invoice: noMail } = await billing.issueInvoice(db, {
      contactId,
      purpose: 'other',
      lines: [{ description: 'Booth', unitCents: 3_000 }],
      billTo: { name: 'Walk-in' },
    });
    expect(await documents.composeInvoice(noMail.id)).toBeNull();
    const [row] = await db.select().from(chambers).where(eq(chambers.id, 'riverton-chamber'));
    expect(row!.logoUrl).toBe(logoUrl);
  });
});
