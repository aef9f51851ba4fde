import {
  dateKeyIn,
  dateTimeFormat,
  formatMoney,
  localDateTime,
  parsePriceCents,
  priceText,
  type PromoCode,
  promoCodeInputSchema,
  type PromoCodeValues,
  timeIn,
  zonedTimeToUtc,
} from '@chamber/contract';

/** The staff form's fields as typed: the amount in dollars, the window in the chamber's zone. */
export interface PromoCodeFormValues {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  /** '' for every event. */
  eventId: string;
  ticketTypeIds: string[];
  usageLimit: string;
  /** 'YYYY-MM-DDTHH:mm' on the chamber's clock (a datetime-local field), or ''. */
  validFrom: string;
  validUntil: string;
  membersOnly: boolean;
}

const localText = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const at = new Date(iso);
  return `${dateKeyIn(at, timeZone)}T${timeIn(at, timeZone)}`;
};

/** A new code starts as 10% off every event, with no limit; an existing one as it is. */
export function promoCodeFormValues(code: PromoCode | null, timeZone: string): PromoCodeFormValues {
  return {
    code: code?.code ?? '',
    description: code?.description ?? '',
    kind: code?.kind ?? 'percent',
    percentOff: code?.percentOff != null ? String(code.percentOff) : '',
    amountOff: code?.amountOffCents != null ? priceText(code.amountOffCents) : '',
    eventId: code?.eventId ?? '',
    ticketTypeIds: code?.ticketTypeIds ?? [],
    usageLimit: code?.usageLimit != null ? String(code.usageLimit) : '',
    validFrom: localText(code?.validFrom ?? null, timeZone),
    validUntil: localText(code?.validUntil ?? null, timeZone),
    membersOnly: code?.membersOnly ?? false,
  };
}

function moment(text: string, timeZone: string): string | null | undefined {
  if (text.trim() === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  return zonedTimeToUtc(localDateTime(match[1]!, match[2]!), timeZone).toISOString();
}

/** A whole number as typed, or NaN so the contract's check names the field. */
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * What the form sends, or the first thing wrong with it in words: the body is checked with
 * the contract's own schema, so the form refuses what the server would (the server stays the
 * authority: a code taken already, a limit below the uses).
 */
export function promoCodeInputOf(
  values: PromoCodeFormValues,
  timeZone: string,
): { input: PromoCodeValues } | { error: string } {
  const validFrom = moment(values.validFrom, timeZone);
  const validUntil = moment(values.validUntil, timeZone);
  if (validFrom === undefined || validUntil === undefined) {
    return { error: 'A date of the window is a date and a time.' };
  }
  let amountOffCents: number | null = null;
  if (values.kind === 'amount' && values.amountOff.trim() !== '') {
    amountOffCents = parsePriceCents(values.amountOff);
    if (amountOffCents === null) return { error: 'The amount off is an amount like 25 or 25.50.' };
  }
  const body = {
    code: values.code,
    description: values.description,
    kind: values.kind,
    percentOff:
      values.kind === 'percent' && values.percentOff.trim() !== ''
        ? whole(values.percentOff)
        : null,
    amountOffCents,
    eventId: values.eventId === '' ? null : values.eventId,
    ticketTypeIds: values.eventId === '' ? [] : values.ticketTypeIds,
    usageLimit: values.usageLimit.trim() === '' ? null : whole(values.usageLimit),
    validFrom,
    validUntil,
    membersOnly: values.membersOnly,
  };
  const checked = promoCodeInputSchema.safeParse(body);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'Check the form.' };
  return { input: checked.data };
}

export const promoStatusLabels: Record<PromoCode['status'], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  ended: 'Ended',
};

/** '20% off each ticket' or '$25.00 off the order'. */
export function discountText(code: PromoCode, currency: string): string {
  return code.kind === 'percent'
    ? `${code.percentOff ?? 0}% off each ticket`
    : `${formatMoney(code.amountOffCents ?? 0, currency)} off the order`;
}

/** 'Every event', 'Annual Dinner' or 'Annual Dinner: 2 ticket types'. */
export function scopeText(code: PromoCode): string {
  if (code.eventId === null) return 'Every event';
  const title = code.eventTitle ?? 'An event';
  const n = code.ticketTypeIds.length;
  return n === 0 ? title : `${title}: ${n} ticket type${n === 1 ? '' : 's'}`;
}

/** '3 of 10 uses' or '3 uses, no limit'. */
export const usesText = (code: PromoCode) =>
  code.usageLimit === null
    ? `${code.uses} use${code.uses === 1 ? '' : 's'}, no limit`
    : `${code.uses} of ${code.usageLimit} uses`;

/** The window in the chamber's zone: 'From Nov 30, 2026, 9:00 AM until …', or 'Always'. */
export function windowText(code: PromoCode, timeZone: string, locale = 'en-US'): string {
  const format = (iso: string) =>
    dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  if (code.validFrom && code.validUntil) {
    return `${format(code.validFrom)} to ${format(code.validUntil)}`;
  }
  if (code.validFrom) return `From ${format(code.validFrom)}`;
  if (code.validUntil) return `Until ${format(code.validUntil)}`;
  return 'Any time';
}
