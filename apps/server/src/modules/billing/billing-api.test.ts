import { PDFParse } from 'pdf-parse';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceList } from '@chamber/contract';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { startSmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let member: string;
let other: string;
let memberContactId: string;

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const post = (url: string, payload: object, token = admin) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function issue(
  lines: { description: string; quantity?: number; unitCents: number }[] = [
    { description: 'Fall Festival booth', unitCents: 3_000 },
  ],
) {
  const res = await post('/api/admin/invoices', { contactId: memberContactId, lines });
  expect(res.statusCode).toBe(201);
  return res.json<Invoice>();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
  const adminUser = await createTestUser(ctx.db, { role: 'admin', contact: false });
  const memberUser = await createTestUser(ctx.db, {
    firstName: 'Maria',
    lastName: 'Delgado',
    email: 'maria@sweetwater.example',
    contact: { businessName: 'Sweetwater Bakery' },
  });
  const otherUser = await createTestUser(ctx.db);
  memberContactId = memberUser.contactId!;
  [admin, member, other] = await Promise.all([
    signIn(ctx, adminUser.email),
    signIn(ctx, memberUser.email),
    signIn(ctx, otherUser.email),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('the invoice desk and the member’s invoices', () => {
  it('issues and mails an invoice the member lists and downloads, and another member cannot', async () => {
    const before = smtp.received.length;
    const invoice = await issue([
      { description: 'Fall Festival booth', unitCents: 3_000 },
      { description: 'Luncheon tickets', quantity: 2, unitCents: 1_500 },
    ]);
    expect(invoice).toMatchObject({
      number: '2026-0001',
      status: 'open',
      purpose: 'other',
      totalCents: 6_000,
      billTo: { name: 'Maria Delgado', business: 'Sweetwater Bakery' },
    });
    await ctx.app.flushMail();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('Invoice 2026-0001: $60.00 due by April 9, 2026');
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');

    const mine = (await get('/api/billing/invoices', member)).json<InvoiceList>();
    expect(mine.invoices.map((i) => i.number)).toContain('2026-0001');
    expect((await get('/api/billing/invoices', other)).json<InvoiceList>().invoices).toEqual([]);

    const pdf = await get(`/api/billing/invoices/${invoice.id}/pdf`, member);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="invoice-2026-0001.pdf"');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Invoice 2026-0001', 'Fall Festival booth', 'Luncheon tickets']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total\s+\$60\.00/);

    const foreign = await get(`/api/billing/invoices/${invoice.id}/pdf`, other);
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'not_found']);
    expect((await get(`/api/billing/invoices/${invoice.id}/receipt.pdf`, member)).statusCode).toBe(
      409,
    );
    expect((await get('/api/billing/invoices/not-a-uuid/pdf', member)).statusCode).toBe(404);
  });

  it('records a check, answering each wrong payment with a clear 4xx, and mails the receipt', async () => {
    const invoice = await issue();
    const url = `/api/admin/invoices/${invoice.id}/payments`;
    const wrong = await post(url, { amountCents: 2_500, method: 'check', reference: '1042' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      error: 'amount_mismatch',
      message: `Invoice ${invoice.number} is for $30.00; a payment of $25.00 does not match it.`,
    });
    const noNumber = await post(url, { amountCents: 3_000, method: 'check' });
    expect(noNumber.json()).toMatchObject({
      error: 'bad_request',
      message: 'Give the check number as the reference.',
    });
    expect((await post(url, { amountCents: 3_000, method: 'card' })).statusCode).toBe(400);

    await ctx.app.flushMail();
    const before = smtp.received.length;
    const paid = await post(url, {
      amountCents: 3_000,
      method: 'check',
      reference: '1042',
      receivedOn: '2026-03-09',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      invoice: { status: 'paid', payments: [{ method: 'check', reference: '1042' }] },
      payment: { amountCents: 3_000, receivedOn: '2026-03-09' },
    });
    await ctx.app.flushMail();
    const [receipt] = (await smtp.waitFor(before + 1)).slice(before);
    expect(receipt!.subject).toBe(`Receipt for invoice ${invoice.number}: $30.00 paid`);
    expect(receipt!.text).toContain('https://portal.example.org/membership');

    const again = await post(url, { amountCents: 3_000, method: 'cash' });
    expect([again.statusCode, again.json().error]).toEqual([409, 'invoice_paid']);
    const receiptPdf = await get(`/api/billing/invoices/${invoice.id}/receipt.pdf`, member);
    expect(receiptPdf.statusCode).toBe(200);
    expect(await pdfText(receiptPdf.rawPayload)).toContain(
      'Paid $30.00 by check (1042) on March 9, 2026',
    );
    const voidPaid = await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'x' });
    expect([voidPaid.statusCode, voidPaid.json().error]).toEqual([409, 'invoice_paid']);
  });

  it('voids and reissues; a payment for the void invoice is refused', async () => {
    const invoice = await issue();
    const reissued = await post(`/api/admin/invoices/${invoice.id}/reissue`, {
      reason: 'Wrong booth size',
      lines: [{ description: 'Fall Festival double booth', unitCents: 6_000 }],
    });
    expect(reissued.statusCode).toBe(201);
    const { voided, invoice: next } = reissued.json<{ voided: Invoice; invoice: Invoice }>();
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Wrong booth size' });
    expect(next).toMatchObject({ replacesInvoiceId: invoice.id, totalCents: 6_000 });
    const late = await post(`/api/admin/invoices/${invoice.id}/payments`, {
      amountCents: 3_000,
      method: 'cash',
    });
    expect(late.json()).toEqual({
      error: 'invoice_void',
      message: `Invoice ${invoice.number} is void and cannot be paid. Invoice ${next.number} replaced it.`,
    });
    const blank = await post(`/api/admin/invoices/${next.id}/void`, { reason: '' });
    expect(blank.statusCode).toBe(400);
    const voidNext = await post(`/api/admin/invoices/${next.id}/void`, { reason: 'Cancelled' });
    expect(voidNext.json()).toMatchObject({ status: 'void' });
    const twice = await post(`/api/admin/invoices/${next.id}/void`, { reason: 'Cancelled' });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'invoice_void']);
  });

  it('refunds as recorded with a credit note, never more than paid, and online only with Stripe', async () => {
    const invoice = await issue();
    const { payment } = (
      await post(`/api/admin/invoices/${invoice.id}/payments`, {
        amountCents: 3_000,
        method: 'cash',
      })
    ).json<{ payment: { id: string } }>();
    const url = `/api/admin/payments/${payment.id}/refunds`;
    const tooMuch = await post(url, { amountCents: 3_001, reason: 'Booth cancelled' });
    expect(tooMuch.json()).toEqual({
      error: 'refund_too_large',
      message: 'A refund of $30.01 is more than the $30.00 paid.',
    });
    const online = await post(url, { amountCents: 1_000, reason: 'x', online: true });
    expect(online.statusCode).toBe(409);
    const refunded = await post(url, { amountCents: 1_000, reason: 'Booth cancelled' });
    expect(refunded.statusCode).toBe(201);
    const { creditNote } = refunded.json<{ creditNote: Invoice }>();
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      creditsInvoiceId: invoice.id,
      totalCents: 1_000,
    });
    const pdf = await get(`/api/billing/invoices/${creditNote.id}/pdf`, member);
    expect(pdf.headers['content-disposition']).toContain(`credit-note-${creditNote.number}.pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain(`Credit note ${creditNote.number}`);
    const unknown = await post(`/api/admin/payments/${crypto.randomUUID()}/refunds`, {
      amountCents: 1,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);

    const csv = await get('/api/admin/exports/payments.csv?from=2026-03-10&to=2026-03-10');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'received on,kind,purpose,invoice,credit note,amount,currency,method,reference,business,name,email,payment id',
    );
    // As a spreadsheet opens it (SheetJS): the invoice and credit note numbers stay as written.
    const book = XLSX.read(csv.body, { type: 'string' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      book.Sheets[book.SheetNames[0]!]!,
      { raw: true, defval: '' },
    );
    expect(sheet).toContainEqual(
      expect.objectContaining({
        kind: 'refund',
        purpose: 'other',
        invoice: invoice.number,
        'credit note': creditNote.number,
        amount: 10,
        method: 'cash',
        business: 'Sweetwater Bakery',
        'payment id': refunded.json().refund.id,
      }),
    );
    // The check received on the 9th is outside the range.
    expect(sheet.some((r) => r.reference === '1042')).toBe(false);
    const backwards = await get('/api/admin/exports/payments.csv?from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
  });

  it('lists and searches invoices for staff', async () => {
    const all = (await get('/api/admin/invoices')).json<InvoiceList>();
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.invoices[0]!.number > all.invoices[1]!.number).toBe(true);
    const byName = (
      await get('/api/admin/invoices?search=sweetwater&kind=credit_note')
    ).json<InvoiceList>();
    expect(byName.invoices.length).toBeGreaterThan(0);
    expect(byName.invoices.every((i) => i.kind === 'credit_note')).toBe(true);
    const byNumber = (await get('/api/admin/invoices?search=2026-0001')).json<InvoiceList>();
    expect(byNumber.invoices.map((i) => i.number)).toEqual(['2026-0001']);
    expect((await get('/api/admin/invoices?status=nope')).statusCode).toBe(400);
  });
});
