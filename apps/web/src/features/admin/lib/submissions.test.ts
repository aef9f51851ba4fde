import { describe, expect, it } from 'vitest';
import { replyHref, telHref } from './submissions';

describe('replyHref', () => {
  it('answers a contact message about the chamber', () => {
    expect(
      replyHref({ kind: 'contact', email: 'jo@copperleaf.example', nominee: null }, 'RACC'),
    ).toBe('mailto:jo@copperleaf.example?subject=Your%20message%20to%20RACC');
  });

  it('answers a nomination about its nominee', () => {
    expect(
      replyHref(
        { kind: 'business_of_month', email: 'sam@riverton.example', nominee: 'Sweetwater Bakery' },
        'RACC',
      ),
    ).toBe(
      'mailto:sam@riverton.example?subject=Your%20Business%20of%20the%20Month%20nomination%20for%20Sweetwater%20Bakery',
    );
  });

  it('keeps an address with odd characters in one piece', () => {
    expect(replyHref({ kind: 'contact', email: 'a&b?c@x.example', nominee: null }, 'RACC')).toBe(
      'mailto:a%26b%3Fc@x.example?subject=Your%20message%20to%20RACC',
    );
  });
});

describe('telHref', () => {
  it('dials digits and a leading plus', () => {
    expect(telHref('(801) 555-0142')).toBe('tel:8015550142');
    expect(telHref('+1 801 555 0142')).toBe('tel:+18015550142');
  });
});
