import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import {
  invoiceKinds,
  invoicePurposes,
  invoiceStatuses,
  paymentKinds,
  paymentMethods,
} from './vocabulary.js';

/** Invoices, credit notes, payments and refunds, as members and staff see them. */

const cents = z.number().int().describe('Whole cents in the chamber’s currency');
const positiveCents = z.number().int().positive().max(10_000_000_000);

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitCents: cents,
  amountCents: cents,
});

export const billToSchema = z.object({
  name: z.string().max(200).optional(),
  business: z.string().max(200).optional(),
  address: z.string().max(500).optional().describe('Street, then city, state and ZIP, one a line'),
  email: z.string().max(254).optional(),
});

export const paymentSchema = z.object({
  id: z.string(),
  kind: z.enum(paymentKinds),
  invoiceId: z.string(),
  amountCents: cents,
  currency: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  receivedOn: calendarDateSchema,
  refundOfPaymentId: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  flag: z
    .string()
    .nullable()
    .optional()
    .describe(
      'For staff: a refund made at Stripe that gave back more than was left of the payment (recorded all the same)',
    ),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().describe('YYYY-NNNN, gapless per year; credit notes share the series'),
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  purpose: z.enum(invoicePurposes),
  contactId: z.string().nullable(),
  membershipId: z.string().nullable(),
  billTo: billToSchema,
  currency: z.string(),
  totalCents: cents,
  issuedOn: calendarDateSchema,
  dueOn: calendarDateSchema,
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  replacesInvoiceId: z.string().nullable(),
  creditsInvoiceId: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(paymentSchema).describe('Payments of the invoice and refunds of them'),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  invoices: z.array(invoiceSchema),
  total: z.number().int(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const listInvoicesQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Part of the number, or of the addressee’s name, business or email'),
  status: z.enum(invoiceStatuses).optional(),
  kind: z.enum(invoiceKinds).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  contactId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const lineInputSchema = z.object({
  description: z.string().trim().min(1).max(300),
  quantity: z.number().int().min(1).max(10_000).default(1),
  unitCents: z.number().int().min(-10_000_000_000).max(10_000_000_000),
});

/** Staff issue an invoice for anything but dues (dues invoices come from the membership). */
export const issueInvoiceRequestSchema = z.object({
  contactId: z.uuid(),
  lines: z.array(lineInputSchema).min(1).max(100),
  dueOn: calendarDateSchema.optional().describe('Defaults to the dues settings’ days to pay'),
  billTo: billToSchema.optional().describe('Defaults to the contact’s details'),
});

const reasonSchema = z.string().trim().min(1).max(500).describe('Kept in the audit log');

export const voidInvoiceRequestSchema = z.object({ reason: reasonSchema });

export const reissueInvoiceRequestSchema = z.object({
  reason: reasonSchema,
  lines: z.array(lineInputSchema).min(1).max(100).optional(),
  dueOn: calendarDateSchema.optional(),
  billTo: billToSchema.optional(),
});

export const reissueResponseSchema = z.object({ voided: invoiceSchema, invoice: invoiceSchema });

/** Staff record money received offline; card payments come through Stripe. */
export const recordPaymentRequestSchema = z.object({
  amountCents: positiveCents,
  method: z.enum(['check', 'cash', 'bank_transfer', 'other']),
  reference: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe('The check number or bank reference; required for those two'),
  receivedOn: calendarDateSchema.optional().describe('Defaults to today'),
});

export const recordPaymentResponseSchema = z.object({
  invoice: invoiceSchema,
  payment: paymentSchema,
});

export const refundRequestSchema = z.object({
  amountCents: positiveCents,
  reason: reasonSchema,
  online: z
    .boolean()
    .default(false)
    .describe('Give the money back through Stripe (card payments); otherwise record a refund made'),
  method: z
    .enum(paymentMethods)
    .optional()
    .describe('How it was given back; defaults to the payment’s'),
  reference: z.string().trim().max(200).default(''),
});

export const refundResponseSchema = z.object({
  creditNote: invoiceSchema,
  refund: paymentSchema,
});

export const paymentsExportQuerySchema = z.object({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});

/**
 * How an open invoice is paid offline, from the chamber's dues settings (Admin → Memberships
 * → Settings), with the chamber's phone and email for when staff have filled in none of it.
 */
export const howToPaySchema = z.object({
  payee: z.string().describe('Whom checks are made payable to; empty when not set'),
  mailingAddress: z
    .string()
    .describe('Where checks are mailed, one line a line; empty when not set'),
  bankDetails: z.string().describe('Bank and account for a transfer; empty when not set'),
  note: z.string().describe('Anything else staff add; empty when not set'),
  contact: z.string().describe("The chamber's phone and email, joined; empty when neither is set"),
});
export type HowToPay = z.infer<typeof howToPaySchema>;

/** One part of an invoice's 'How to pay' section, in the order it is shown. */
export interface HowToPayItem {
  label: string;
  text: string;
}

/**
 * The 'How to pay' section of an invoice (PDF, mail, thank-you page, /membership), one rule
 * for all: paying online where the portal takes cards, then each offline way staff have set;
 * with none set, how to reach the chamber, so the section is never empty; and the invoice
 * number to quote.
 */
export function howToPayItems(
  how: HowToPay,
  invoiceNumber: string,
  payOnlineUrl: string | null,
): HowToPayItem[] {
  const items: HowToPayItem[] = [];
  if (payOnlineUrl) items.push({ label: 'Online by card', text: payOnlineUrl });
  if (how.payee.trim()) items.push({ label: 'Checks payable to', text: how.payee.trim() });
  if (how.mailingAddress.trim()) {
    items.push({ label: 'Mail checks to', text: how.mailingAddress.trim() });
  }
  if (how.bankDetails.trim()) items.push({ label: 'Bank transfer', text: how.bankDetails.trim() });
  if (how.note.trim()) items.push({ label: 'Note', text: how.note.trim() });
  if (items.length === 0 || (items.length === 1 && payOnlineUrl)) {
    const reach = how.contact.trim() ? `: ${how.contact.trim()}` : '';
    items.push({
      label: payOnlineUrl ? 'Other ways to pay' : 'To pay',
      text: `Contact the chamber to arrange payment${reach}.`,
    });
  }
  items.push({ label: 'Please quote', text: `Invoice ${invoiceNumber}` });
  return items;
}

/** The payments CSV's purpose column: what a payment was for, in the books' words. */
export const paymentPurposeLabels = {
  membership_join: 'dues',
  membership_renewal: 'dues',
  membership_upgrade: 'upgrade',
  event_ticket: 'ticket',
  other: 'other',
  sponsorship: 'sponsorship',
} as const satisfies Record<
  (typeof invoicePurposes)[number],
  'dues' | 'upgrade' | 'ticket' | 'sponsorship' | 'other'
>;
