import {
  type EmploymentType,
  type JobPost,
  localDateTime,
  type PayPeriod,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { JobPosting, WithContext } from 'schema-dts';
import { escapeHtml } from '../../lib/html.js';

/** schema.org's (and Google for Jobs') names of the employment types. */
const googleEmploymentType: Record<EmploymentType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
};

const unitText: Record<PayPeriod, string> = {
  hour: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  year: 'YEAR',
};

export interface JobPostingPlace {
  /** The page's absolute URL. */
  url: string;
  /** The chamber's time zone: a post is open through the end of its closing day there. */
  timeZone: string;
  /** Where the chamber is, for a business without an address on file. */
  chamber: { city: string; state: string; postalCode: string };
  /** The business's picture, absolute, if any. */
  logo: string | null;
}

/**
 * The page's JobPosting (https://developers.google.com/search/docs/appearance/structured-data/job-posting):
 * every property Google requires (title, description, datePosted, hiringOrganization,
 * jobLocation or TELECOMMUTE) and those it recommends that a post has (validThrough,
 * employmentType, baseSalary when the pay is given).
 */
export function jobPostingLd(post: JobPost, place: JobPostingPlace): WithContext<JobPosting> {
  const remote = post.workplace === 'remote';
  const where = post.location;
  const city = where?.city || place.chamber.city;
  const state = where?.state || place.chamber.state;
  const postalCode = where?.postalCode || place.chamber.postalCode;
  const end = zonedTimeToUtc(localDateTime(post.closesOn, '23:59'), place.timeZone);
  const pay = post.payMinCents ?? post.payMaxCents;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: post.title,
    // Google reads the description as HTML: the text escaped, its line breaks kept.
    description: escapeHtml(post.description).replace(/\r?\n/g, '<br>'),
    datePosted: post.postedAt ?? post.createdAt,
    validThrough: new Date(end.getTime() + 59_999).toISOString(),
    employmentType: googleEmploymentType[post.employmentType],
    url: place.url,
    hiringOrganization: {
      '@type': 'Organization',
      name: post.business.name,
      ...(post.business.website ? { sameAs: post.business.website } : {}),
      ...(place.logo ? { logo: place.logo } : {}),
    },
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          // Google asks where remote applicants may live; the chamber serves its country.
          applicantLocationRequirements: { '@type': 'Country', name: 'US' },
        }
      : {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              ...(where?.address1 ? { streetAddress: where.address1 } : {}),
              ...(city ? { addressLocality: city } : {}),
              ...(state ? { addressRegion: state } : {}),
              ...(postalCode ? { postalCode } : {}),
              addressCountry: 'US',
            },
          },
          ...(post.workplace === 'hybrid' ? { jobLocationType: 'TELECOMMUTE' } : {}),
        }),
    ...(pay != null && post.payPeriod
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: post.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(post.payMinCents != null ? { minValue: post.payMinCents / 100 } : {}),
              ...(post.payMaxCents != null ? { maxValue: post.payMaxCents / 100 } : {}),
              unitText: unitText[post.payPeriod],
            },
          },
        }
      : {}),
  };
}
