import { z } from 'zod';
import { membershipTiers, paymentStatuses, roles, userStatuses } from './vocabulary.js';

export const roleSchema = z.enum(roles);
export const userStatusSchema = z.enum(userStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
/** A tier on input: `basic` (the marketing pages' name) is read as `standard`. */
export const membershipTierSchema = z.preprocess(
  (value) => (value === 'basic' ? 'standard' : value),
  z.enum(membershipTiers),
);

/** Every non-OAuth error answer of the API. */
export const apiErrorSchema = z.object({
  error: z.string().describe('Stable machine-readable code'),
  message: z.string().describe('Human sentence, safe to show'),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Field problems of a validation failure'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error answers of the OAuth-style auth endpoints (RFC 6749 §5.2). */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/**
 * An optional text as a form or request brings it: '' (or only spaces) and null both mean
 * "none", sent and stored as null; undefined means "not sent", and is left alone.
 */
export function blankToNull(value: string): string | null;
export function blankToNull(value: string | null | undefined): string | null | undefined;
export function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.trim() === '' ? null : value;
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Whether `text` is a day that exists, written YYYY-MM-DD: a month of 01 to 12, a day the
 * month has (no 30 February, a 29th only in leap years), a year of 0001 to 9999 (PostgreSQL
 * knows no year 0). `Date.parse` is no test of it: it reads 2026-02-30 as 2 March.
 */
export function isCalendarDate(text: string): boolean {
  const match = DATE_SHAPE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** A calendar day, YYYY-MM-DD: the one schema of every date the API accepts or answers. */
export const calendarDateSchema = z
  .string()
  .regex(DATE_SHAPE, 'must be a date written YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a day that exists')
  .describe('A day, YYYY-MM-DD');
