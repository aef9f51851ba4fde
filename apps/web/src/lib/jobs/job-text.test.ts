import { describe, expect, it } from 'vitest';
import { descriptionParts } from './description-parts';
import type { JobPost } from '@chamber/contract';
import { changeRows, payText, placeText } from './job-text';

describe('descriptionParts', () => {
  it('makes the http(s) links of a description links and keeps the rest as text', () => {
    expect(descriptionParts('Apply at https://example.com/jobs.\nThanks')).toEqual([
      { text: 'Apply at ' },
      { text: 'https://example.com/jobs', href: 'https://example.com/jobs' },
      { text: '.\nThanks' },
    ]);
  });

  it('leaves script and data links, bare domains and addresses as text', () => {
    const text = 'javascript:alert(1) data:text/html,x example.com me@example.com';
    expect(descriptionParts(text)).toEqual([{ text }]);
  });
});

describe('payText', () => {
  const pay = { currency: 'USD', payPeriod: 'hour' as const };
  it('says the range, or one end, with its period', () => {
    expect(payText({ ...pay, payMinCents: 1800, payMaxCents: 2200 })).toBe('$18 – $22 an hour');
    expect(payText({ ...pay, payMinCents: 1850, payMaxCents: null })).toBe('From $18.50 an hour');
    expect(payText({ ...pay, payMinCents: null, payMaxCents: 2200 })).toBe('Up to $22 an hour');
    expect(payText({ ...pay, payMinCents: null, payMaxCents: null })).toBeNull();
  });
});

describe('placeText', () => {
  const location = { address1: '1 Main St', city: 'Riverton', state: 'UT', postalCode: '84065' };
  it('names the town for on-site and hybrid posts, not for remote ones', () => {
    expect(placeText({ workplace: 'on_site', location })).toBe('On site, Riverton, UT');
    expect(placeText({ workplace: 'remote', location: null })).toBe('Remote');
  });
});

describe('changeRows', () => {
  const live = {
    title: 'Baker',
    description: 'Bake bread.',
    employmentType: 'full_time',
    workplace: 'on_site',
    payMinCents: 1800,
    payMaxCents: 2200,
    payPeriod: 'hour',
    currency: 'USD',
    applyUrl: 'mailto:jobs@example.org',
    closesOn: '2026-04-01',
    location: null,
  } as const;
  it('lists the changed fields before and after, pay as one row; none without a change', () => {
    const post = {
      ...live,
      pendingChange: {
        ...live,
        title: 'Head baker',
        payMaxCents: 2500,
        changed: ['title', 'payMaxCents'],
        submittedAt: '2026-03-10T17:00:00.000Z',
      },
    } as unknown as JobPost;
    expect(changeRows(post)).toEqual([
      { label: 'Title', before: 'Baker', after: 'Head baker' },
      { label: 'Pay', before: '$18 – $22 an hour', after: '$18 – $25 an hour' },
    ]);
    expect(changeRows({ ...post, pendingChange: null })).toEqual([]);
  });
});
