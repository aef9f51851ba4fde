import { duesSettingsSchema, type DuesSettings } from '@chamber/contract';
import { z } from 'zod';
import { contractChecked } from './contract-check';
import { parseDays } from './dues';

const wholeDays = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The dues settings as the form holds them (numbers as typed); checked against the contract. */
export const duesSettingsFormSchema = z
  .object({
    currency: z.string(),
    termRule: z.enum(['anniversary', 'calendar_year']),
    graceDays: z.string(),
    reminderDays: z.string(),
    autoChargeNoticeDays: z.string(),
    invoiceDueDays: z.string(),
    staffApproveNewMembers: z.boolean(),
    lapsedListing: z.enum(['hidden', 'basic']),
    payee: z.string(),
    mailingAddress: z.string(),
    bankDetails: z.string(),
    paymentInstructions: z.string(),
  })
  .transform((values, ctx): DuesSettings => {
    const reminderDays = parseDays(values.reminderDays);
    if (reminderDays === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['reminderDays'],
        message: 'Whole days before the paid-through date, separated by commas, e.g. 30, 14, 1',
      });
      return z.NEVER;
    }
    const body = {
      currency: values.currency.trim().toUpperCase(),
      termRule: values.termRule,
      graceDays: wholeDays(values.graceDays),
      reminderDays,
      autoChargeNoticeDays: wholeDays(values.autoChargeNoticeDays),
      invoiceDueDays: wholeDays(values.invoiceDueDays),
      staffApproveNewMembers: values.staffApproveNewMembers,
      lapsedListing: values.lapsedListing,
      payee: values.payee.trim(),
      mailingAddress: values.mailingAddress.trim(),
      bankDetails: values.bankDetails.trim(),
      paymentInstructions: values.paymentInstructions.trim(),
    };
    return contractChecked(duesSettingsSchema, body, ctx, 'currency', (issue) =>
      issue.code === 'invalid_type' ? 'Enter a whole number of days' : issue.message,
    );
  });
export type DuesSettingsFormValues = z.input<typeof duesSettingsFormSchema>;

export const duesSettingsFormValues = (s: DuesSettings): DuesSettingsFormValues => ({
  currency: s.currency,
  termRule: s.termRule,
  graceDays: String(s.graceDays),
  reminderDays: s.reminderDays.join(', '),
  autoChargeNoticeDays: String(s.autoChargeNoticeDays),
  invoiceDueDays: String(s.invoiceDueDays),
  staffApproveNewMembers: s.staffApproveNewMembers,
  lapsedListing: s.lapsedListing,
  payee: s.payee,
  mailingAddress: s.mailingAddress,
  bankDetails: s.bankDetails,
  paymentInstructions: s.paymentInstructions,
});

/** Whether staff have said nothing of how to pay: invoices then only say to contact the chamber. */
export const noPaymentDetails = (s: DuesSettings): boolean =>
  [s.payee, s.mailingAddress, s.bankDetails, s.paymentInstructions].every((v) => !v.trim());
