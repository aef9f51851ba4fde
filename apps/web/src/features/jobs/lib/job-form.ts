import {
  addDays,
  type EmploymentType,
  JOB_POST_DEFAULT_DAYS,
  type JobPost,
  type JobPostInput,
  type JobWorkplace,
  type PayPeriod,
} from '@chamber/contract';

/** The job form's fields as typed: pay in the currency's units, how to apply as written. */
export interface JobFormValues {
  title: string;
  description: string;
  employmentType: EmploymentType;
  workplace: JobWorkplace;
  payMin: string;
  payMax: string;
  payPeriod: PayPeriod | '';
  applyTo: string;
  closesOn: string;
}

const units = (cents: number | null) => (cents == null ? '' : String(cents / 100));

/**
 * A new post's fields (closing 30 days from `today`), or an existing one's: a live post's
 * waiting change when one waits, for the poster to go on from it.
 */
export function jobFormValues(post: JobPost | null, today: string): JobFormValues {
  const job = post?.pendingChange ? { ...post, ...post.pendingChange } : post;
  if (!job) {
    return {
      title: '',
      description: '',
      employmentType: 'full_time',
      workplace: 'on_site',
      payMin: '',
      payMax: '',
      payPeriod: '',
      applyTo: '',
      closesOn: addDays(today, JOB_POST_DEFAULT_DAYS),
    };
  }
  return {
    title: job.title,
    description: job.description,
    employmentType: job.employmentType,
    workplace: job.workplace,
    payMin: units(job.payMinCents),
    payMax: units(job.payMaxCents),
    payPeriod: job.payPeriod ?? '',
    applyTo: job.applyUrl.replace(/^mailto:/i, ''),
    closesOn: job.closesOn,
  };
}

/** '18', '18.50', '$1,200' → cents; '' → null; anything else → undefined (not a number). */
export function payCents(text: string): number | null | undefined {
  const plain = text.replace(/[\s$,]/g, '');
  if (plain === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  return Math.round(Number(plain) * 100);
}

/**
 * What the API takes, or the sentence saying which pay field is not a number. The rest
 * (dates, ranges, links) the server checks and answers in its own words.
 */
export function jobInput(values: JobFormValues): { input: JobPostInput } | { error: string } {
  const payMinCents = payCents(values.payMin);
  const payMaxCents = payCents(values.payMax);
  if (payMinCents === undefined) return { error: 'The lowest pay must be an amount, like 18.50.' };
  if (payMaxCents === undefined) return { error: 'The highest pay must be an amount, like 22.' };
  return {
    input: {
      title: values.title,
      description: values.description,
      employmentType: values.employmentType,
      workplace: values.workplace,
      payMinCents,
      payMaxCents,
      payPeriod: values.payPeriod || null,
      applyTo: values.applyTo,
      closesOn: values.closesOn || undefined,
    },
  };
}
