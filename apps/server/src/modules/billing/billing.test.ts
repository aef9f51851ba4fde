import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  type Database,
  invoiceCounters,
  invoiceLines,
  invoices,
  membershipSettings,
  payments,
} from '@chamber/db';
import { createContact } from '@chamber/db/factories';
import { manualClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createTestDatabase } from '../../test/app.js';
import { BillingService, type InvoiceRow, type PaymentRow, voidOpenInvoices } from './index.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
// 10 March 2026, 10:00 in Denver.
const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
let billing: BillingService;
let contactId: string;

const membershipLines = [{ description: 'Enhanced membership, one year', unitCents: 55_000 }];

async function issue(over: Partial<Parameters<BillingService['issueInvoice']>[1]> = {}) {
  return billing.issueInvoice(db, {
    contactId,
    purpose: 'other',
    lines: membershipLines,
    ...over,
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  contactId = (
    await createContact(db, {
      firstName: 'Maria',
      lastName: 'Delgado',
      businessName: 'Sweetwater Bakery',
      email: 'maria@sweetwater.example',
      address1: '12 Main Street',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
    })
  ).id;
});
afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  // Each test starts a fresh series and its own billing service (hooks do not leak).
  await db.delete(payments);
  await db.delete(invoices);
  await db.delete(invoiceCounters);
  billing = new BillingService(db, clock);
});

describe('issueInvoice', () => {
  it('numbers the year’s first invoice 0001, with its lines, total, addressee and due date', async () => {
    const { invoice, lines } = await issue({
      lines: [
        { description: 'Enhanced membership, one year', unitCents: 55_000 },
        { description: 'Luncheon tickets', quantity: 3, unitCents: 1_500 },
      ],
    });
    expect(invoice).toMatchObject({
      number: '2026-0001',
      year: 2026,
      sequence: 1,
      kind: 'invoice',
      status: 'open',
      currency: 'USD',
      totalCents: 59_500,
      issuedOn: '2026-03-10',
      // membership_settings.invoice_due_days is 30 by default.
      dueOn: '2026-04-09',
      contactId,
      billTo: {
        name: 'Maria Delgado',
        business: 'Sweetwater Bakery',
        address: '12 Main Street\nRiverton, UT 84065',
        email: 'maria@sweetwater.example',
      },
    });
    expect(lines.map((l) => [l.position, l.description, l.quantity, l.amountCents])).toEqual([
      [1, 'Enhanced membership, one year', 1, 55_000],
      [2, 'Luncheon tickets', 3, 4_500],
    ]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invoice.id), eq(auditLog.action, 'invoice.issue')));
    expect(entry).toMatchObject({ actorEmail: 'portal', targetLabel: '2026-0001' });
    expect(entry!.after).toMatchObject({ totalCents: 59_500, purpose: 'other' });
  });

  it('takes the due date from the chamber’s setting, and keeps the addressee as it was', async () => {
    await db.update(membershipSettings).set({ invoiceDueDays: 14 });
    try {
      const { invoice } = await issue();
      expect(invoice.dueOn).toBe('2026-03-24');
    } finally {
      await db.update(membershipSettings).set({ invoiceDueDays: 30 });
    }
  });

  it('gives invoices issued in parallel transactions the numbers 0001 to N without a gap', async () => {
    const n = 24;
    const issued = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        db.transaction(async (tx) => {
          const { invoice } = await billing.issueInvoice(tx, {
            contactId,
            purpose: 'other',
            lines: [{ description: `Line ${i}`, unitCents: 100 + i }],
          });
          // Work after the number is taken keeps the counter locked a while longer.
          await tx.execute('select pg_sleep(0.005)');
          return invoice.number;
        }),
      ),
    );
    const expected = Array.from({ length: n }, (_, i) => `2026-${String(i + 1).padStart(4, '0')}`);
    expect([...issued].sort()).toEqual(expected);
    const stored = await db.select({ number: invoices.number }).from(invoices);
    expect(stored.map((r) => r.number).sort()).toEqual(expected);
  });

  it('gives the number of a rolled-back issue to the next invoice', async () => {
    await issue();
    const failed = await db
      .transaction(async (tx) => {
        await billing.issueInvoice(tx, { contactId, purpose: 'other', lines: membershipLines });
        throw new Error('the join failed after the invoice was issued');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('the join failed after the invoice was issued');
    const { invoice } = await issue();
    expect(invoice.number).toBe('2026-0002');
  });

  it('starts a new series in a new year (by the chamber’s calendar)', async () => {
    await issue();
    // 31 December 2026, 23:30 in Denver is already 2027 in UTC: still 2026's series.
    const newYearsEve = manualClock(new Date('2027-01-01T06:30:00Z'));
    const late = await new BillingService(db, newYearsEve).issueInvoice(db, {
      contactId,
      purpose: 'other',
      lines: membershipLines,
    });
    expect(late.invoice.number).toBe('2026-0002');
    newYearsEve.advance(3_600_000);
    const next = await new BillingService(db, newYearsEve).issueInvoice(db, {
      contactId,
      purpose: 'other',
      lines: membershipLines,
    });
    expect(next.invoice.number).toBe('2027-0001');
  });

  it('refuses an invoice without lines, a total of zero or less, or a due date before issue', async () => {
    expect((await rejection(issue({ lines: [] }))).status).toBe(400);
    expect(
      (await rejection(issue({ lines: [{ description: 'Credit', unitCents: -100 }] }))).status,
    ).toBe(400);
    expect(
      (await rejection(issue({ lines: [{ description: 'x', quantity: 0, unitCents: 100 }] })))
        .status,
    ).toBe(400);
    expect((await rejection(issue({ dueOn: '2026-03-01' }))).status).toBe(400);
    expect((await rejection(issue({ contactId: crypto.randomUUID() }))).status).toBe(404);
    // None of them used a number.
    expect((await issue()).invoice.number).toBe('2026-0001');
  });

  it('cannot change an issued invoice’s lines or total', async () => {
    const { invoice } = await issue();
    await expect(
      db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(
      db.update(invoiceLines).set({ unitCents: 1 }).where(eq(invoiceLines.invoiceId, invoice.id)),
    ).rejects.toThrow();
  });
});

describe('recordPayment', () => {
  it('marks the invoice paid and runs the purpose’s hook in the same transaction', async () => {
    const { invoice } = await issue({ purpose: 'membership_join', purposeDetail: { plan: 'x' } });
    const seen: { invoice: InvoiceRow; payment: PaymentRow }[] = [];
    billing.onPaid('membership_join', async (tx, paid, payment) => {
      // The hook sees the payment inside the transaction.
      const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      expect(row).toBeDefined();
      seen.push({ invoice: paid, payment });
    });
    billing.onPaid('membership_renewal', () => Promise.reject(new Error('wrong purpose')));
    const { payment, invoice: paid } = await billing.recordPayment(db, {
      invoiceId: invoice.id,
      amountCents: 55_000,
      method: 'check',
      reference: '1042',
      receivedOn: '2026-03-09',
    });
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toEqual(clock.now());
    expect(payment).toMatchObject({
      kind: 'payment',
      amountCents: 55_000,
      method: 'check',
      reference: '1042',
      receivedOn: '2026-03-09',
      currency: 'USD',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.invoice).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(seen[0]!.invoice.purposeDetail).toEqual({ plan: 'x' });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invoice.id), eq(auditLog.action, 'invoice.payment')));
    expect(entries).toHaveLength(1);
  });

  it('records nothing when the hook fails', async () => {
    const { invoice } = await issue({ purpose: 'membership_join' });
    billing.onPaid('membership_join', () => Promise.reject(new Error('term could not start')));
    await expect(
      billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'cash' }),
    ).rejects.toThrow('term could not start');
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('open');
    expect(await db.select().from(payments)).toEqual([]);
  });

  it('refuses an amount that does not match, a second payment, and a check without its number', async () => {
    const { invoice } = await issue();
    const short = await rejection(
      billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 50_000, method: 'cash' }),
    );
    expect([short.status, short.code]).toEqual([422, 'amount_mismatch']);
    expect(short.message).toContain('$550.00');
    const noNumber = await rejection(
      billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'check' }),
    );
    expect(noNumber.status).toBe(400);
    const future = await rejection(
      billing.recordPayment(db, {
        invoiceId: invoice.id,
        amountCents: 55_000,
        method: 'cash',
        receivedOn: '2026-03-11',
      }),
    );
    expect(future.status).toBe(400);
    await billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'cash' });
    const twice = await rejection(
      billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'cash' }),
    );
    expect([twice.status, twice.code]).toEqual([409, 'invoice_paid']);
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it('refuses a payment on a void invoice', async () => {
    const { invoice } = await issue();
    await db
      .update(invoices)
      .set({ status: 'void', voidedAt: clock.now() })
      .where(eq(invoices.id, invoice.id));
    const err = await rejection(
      billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'cash' }),
    );
    expect([err.status, err.code]).toEqual([409, 'invoice_void']);
  });

  it('records a payment intent once: the second time changes nothing and runs no hook', async () => {
    const { invoice } = await issue({ purpose: 'membership_renewal' });
    let calls = 0;
    billing.onPaid('membership_renewal', async () => {
      calls += 1;
    });
    const pay = () =>
      billing.recordPayment(db, {
        invoiceId: invoice.id,
        amountCents: 55_000,
        method: 'card',
        stripePaymentIntentId: 'pi_123',
      });
    const first = await pay();
    const second = await pay();
    expect([first.replay, second.replay]).toEqual([false, true]);
    expect(second.payment.id).toBe(first.payment.id);
    expect(calls).toBe(1);
  });
});

describe('void and reissue', () => {
  it('voids an open invoice with its reason, and refuses a payment on it naming the replacement', async () => {
    const { invoice } = await issue();
    const voided = await billing.voidInvoice(db, { invoiceId: invoice.id, reason: 'Wrong plan' });
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Wrong plan', number: '2026-0001' });
    const again = await rejection(
      billing.voidInvoice(db, { invoiceId: invoice.id, reason: 'Twice' }),
    );
    expect([again.status, again.code]).toEqual([409, 'invoice_void']);
    const blank = await rejection(billing.voidInvoice(db, { invoiceId: invoice.id, reason: ' ' }));
    expect(blank.status).toBe(400);

    const { invoice: second } = await issue();
    const { voided: old, invoice: replacement } = await billing.reissue(db, {
      invoiceId: second.id,
      reason: 'Address changed',
    });
    expect(old.status).toBe('void');
    const err = await rejection(
      billing.recordPayment(db, { invoiceId: second.id, amountCents: 55_000, method: 'cash' }),
    );
    expect([err.status, err.code]).toEqual([409, 'invoice_void']);
    expect(err.message).toBe(
      `Invoice 2026-0002 is void and cannot be paid. Invoice ${replacement.number} replaced it.`,
    );
  });

  it('voids only what is still open, each void once in the audit log, whoever asks', async () => {
    const { invoice: open } = await issue();
    const { invoice: paid } = await issue();
    await billing.recordPayment(db, { invoiceId: paid.id, amountCents: 55_000, method: 'cash' });
    const { invoice: gone } = await issue();
    await billing.voidInvoice(db, { invoiceId: gone.id, reason: 'Earlier' });

    const ids = [open.id, paid.id, gone.id, open.id];
    const voided = await billing.voidIfOpen(db, { invoiceIds: ids, reason: 'Superseded' });
    expect(voided.map((i) => i.id)).toEqual([open.id]);
    // A second caller (the seats job, without a BillingService) finds nothing left to void.
    expect(
      await voidOpenInvoices(db, { invoiceIds: ids, reason: 'Lapsed', now: clock.now() }),
    ).toEqual([]);
    const rows = await db.query.invoices.findMany({
      where: inArray(invoices.id, [open.id, paid.id, gone.id]),
    });
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.voidReason]]))).toEqual({
      [open.id]: ['void', 'Superseded'],
      [paid.id]: ['paid', null],
      [gone.id]: ['void', 'Earlier'],
    });
    const audits = await db
      .select({ targetId: auditLog.targetId, reason: auditLog.reason, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(inArray(auditLog.targetId, ids), eq(auditLog.action, 'invoice.void')));
    expect(audits).toHaveLength(2);
    expect(audits).toContainEqual({ targetId: open.id, reason: 'Superseded', actor: 'portal' });
  });

  it('reissues under a new number naming the old one, same purpose, new lines and addressee', async () => {
    const { invoice } = await issue({
      purpose: 'membership_join',
      purposeDetail: { planId: 'p1' },
      billTo: { name: 'Old Name' },
    });
    const {
      voided,
      invoice: next,
      lines,
    } = await billing.reissue(
      db,
      {
        invoiceId: invoice.id,
        reason: 'Luncheon tickets added',
        lines: [...membershipLines, { description: 'Luncheon ticket', unitCents: 2_000 }],
      },
      { id: null, label: 'admin@chamber.example' },
    );
    expect(voided).toMatchObject({ id: invoice.id, status: 'void' });
    expect(next).toMatchObject({
      number: '2026-0002',
      status: 'open',
      purpose: 'membership_join',
      purposeDetail: { planId: 'p1' },
      replacesInvoiceId: invoice.id,
      totalCents: 57_000,
      billTo: { name: 'Maria Delgado', business: 'Sweetwater Bakery' },
    });
    expect(lines).toHaveLength(2);
    const actions = await db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'admin@chamber.example'));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'invoice.void', reason: 'Luncheon tickets added' },
        { action: 'invoice.issue', reason: null },
      ]),
    );
  });

  it('keeps the old invoice when the reissue fails, and uses no number', async () => {
    const { invoice } = await issue();
    const err = await rejection(
      billing.reissue(db, { invoiceId: invoice.id, reason: 'x', lines: [] }),
    );
    expect(err.status).toBe(400);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('open');
    expect((await issue()).invoice.number).toBe('2026-0002');
  });

  it('does not void or reissue a paid invoice', async () => {
    const { invoice } = await issue();
    await billing.recordPayment(db, { invoiceId: invoice.id, amountCents: 55_000, method: 'cash' });
    // Each attempt starts when the one before has been answered: started together, the second
    // could reject while the first was awaited, before anything handled it.
    for (const attempt of [
      () => billing.voidInvoice(db, { invoiceId: invoice.id, reason: 'x' }),
      () => billing.reissue(db, { invoiceId: invoice.id, reason: 'x' }),
    ]) {
      const err = await rejection(attempt());
      expect([err.status, err.code]).toEqual([409, 'invoice_paid']);
    }
  });
});

describe('refunds', () => {
  async function paid(method: 'check' | 'card' = 'check') {
    const { invoice } = await issue({ purpose: 'membership_renewal' });
    const { payment } = await billing.recordPayment(db, {
      invoiceId: invoice.id,
      amountCents: 55_000,
      method,
      reference: '1042',
      ...(method === 'card' ? { stripePaymentIntentId: `pi_${invoice.id}` } : {}),
    });
    return { invoice, payment };
  }

  it('records a refund with a credit note in the same series, never more than was paid', async () => {
    const { invoice, payment } = await paid();
    const refunded: string[] = [];
    billing.onRefunded('membership_renewal', async (_tx, inv, refund, note) => {
      refunded.push(`${inv.number} ${refund.amountCents} ${note.number}`);
    });
    const first = await billing.refund(db, {
      paymentId: payment.id,
      amountCents: 20_000,
      reason: 'Moved away mid-year',
      reference: 'check 311',
    });
    expect(first.creditNote).toMatchObject({
      number: '2026-0002',
      kind: 'credit_note',
      status: 'paid',
      creditsInvoiceId: invoice.id,
      totalCents: 20_000,
      billTo: invoice.billTo,
    });
    expect(first.creditNoteLines.map((l) => l.description)).toEqual([
      'Refund for invoice 2026-0001: Moved away mid-year',
    ]);
    expect(first.refund).toMatchObject({
      kind: 'refund',
      method: 'check',
      amountCents: 20_000,
      reference: 'check 311',
      refundOfPaymentId: payment.id,
      creditNoteId: first.creditNote.id,
    });
    expect(refunded).toEqual(['2026-0001 20000 2026-0002']);

    const tooMuch = await rejection(
      billing.refund(db, { paymentId: payment.id, amountCents: 35_001, reason: 'Rest' }),
    );
    expect([tooMuch.status, tooMuch.code]).toEqual([422, 'refund_too_large']);
    expect(tooMuch.message).toBe(
      'Of the $550.00 paid, $350.00 is left to refund; $350.01 is more than that.',
    );
    await billing.refund(db, { paymentId: payment.id, amountCents: 35_000, reason: 'Rest' });
    const none = await rejection(
      billing.refund(db, { paymentId: payment.id, amountCents: 1, reason: 'More' }),
    );
    expect(none.code).toBe('refund_too_large');
    // The invoice stays paid: it was.
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('paid');
  });

  it('refuses a refund larger than the payment, and two at once cannot pass the limit together', async () => {
    const { payment } = await paid();
    const err = await rejection(
      billing.refund(db, { paymentId: payment.id, amountCents: 55_001, reason: 'x' }),
    );
    expect(err.message).toBe('A refund of $550.01 is more than the $550.00 paid.');
    // One refund still open in its transaction while a second one arrives.
    const first = db.transaction(async (tx) => {
      await billing.refund(tx, { paymentId: payment.id, amountCents: 30_000, reason: 'Once' });
      await tx.execute('select pg_sleep(0.3)');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = billing.refund(db, {
      paymentId: payment.id,
      amountCents: 30_000,
      reason: 'Twice',
    });
    await first;
    expect((await rejection(second)).code).toBe('refund_too_large');
    const refunds = await db.select().from(payments).where(eq(payments.kind, 'refund'));
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(30_000);
  });

  it('refunds an online payment through the provider once, and records its refund id once', async () => {
    const { payment } = await paid('card');
    const asked: { key: string; amount: number; intent: string }[] = [];
    billing.setPaymentProvider({
      refund: async ({ idempotencyKey, amountCents, paymentIntentId }) => {
        asked.push({ key: idempotencyKey, amount: amountCents, intent: paymentIntentId });
        return { refundId: 're_1' };
      },
      findRefund: async () => null,
    });
    const actor = { id: null, label: 'admin@chamber.example' };
    const first = await billing.refundPayment(
      { paymentId: payment.id, amountCents: 10_000, reason: 'Goodwill', online: true },
      actor,
    );
    expect(first.refund).toMatchObject({ stripeRefundId: 're_1', method: 'card' });
    // Stripe's webhook for the same refund changes nothing.
    const replay = await billing.refund(db, {
      paymentId: payment.id,
      amountCents: 10_000,
      reason: 'charge.refunded',
      stripeRefundId: 're_1',
    });
    expect(replay.replay).toBe(true);
    expect(replay.refund.id).toBe(first.refund.id);
    expect(asked).toEqual([
      { key: expect.any(String), amount: 10_000, intent: payment.stripePaymentIntentId },
    ]);
    // More than is left never reaches the provider.
    const err = await rejection(
      billing.refundPayment(
        { paymentId: payment.id, amountCents: 50_000, reason: 'x', online: true },
        actor,
      ),
    );
    expect(err.code).toBe('refund_too_large');
    expect(asked).toHaveLength(1);
  });

  it('says why an online refund cannot be made', async () => {
    const check = await paid('check');
    const actor = { id: null, label: 'admin@chamber.example' };
    const offline = await rejection(
      billing.refundPayment(
        { paymentId: check.payment.id, amountCents: 100, reason: 'x', online: true },
        actor,
      ),
    );
    expect([offline.status, offline.message]).toEqual([
      409,
      'This payment was not made online; record the refund you made instead.',
    ]);
    const card = await paid('card');
    const noStripe = await rejection(
      billing.refundPayment(
        { paymentId: card.payment.id, amountCents: 100, reason: 'x', online: true },
        actor,
      ),
    );
    expect(noStripe.status).toBe(409);
    billing.setPaymentProvider({
      refund: () => Promise.reject(new Error('card_declined')),
      findRefund: async () => null,
    });
    const failed = await rejection(
      billing.refundPayment(
        { paymentId: card.payment.id, amountCents: 100, reason: 'x', online: true },
        actor,
      ),
    );
    expect(failed.status).toBe(503);
    expect(await db.select().from(payments).where(eq(payments.kind, 'refund'))).toEqual([]);
  });
});
