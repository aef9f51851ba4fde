import { describe, expect, it } from 'vitest';
import { SOCIAL_LINK_MESSAGE, socialLinksInputSchema, toSocialLink } from './social-links.js';

const messages = (links: string[]) =>
  socialLinksInputSchema.safeParse(links).error?.issues.map((issue) => issue.message) ?? [];

describe('social links', () => {
  it('keeps https links in order, without blanks or repeats', () => {
    expect(
      socialLinksInputSchema.parse([
        ' https://www.facebook.com/sweetwater ',
        '',
        'https://instagram.com/sweetwater',
        'https://www.facebook.com/sweetwater',
      ]),
    ).toEqual(['https://www.facebook.com/sweetwater', 'https://instagram.com/sweetwater']);
  });

  it('refuses a seventh link, http:, scripts and bare names', () => {
    const seven = Array.from({ length: 7 }, (_, i) => `https://shop.example/${i}`);
    expect(messages(seven)).toEqual(['At most 6 social links']);
    expect(messages(seven.slice(0, 6))).toEqual([]);
    expect(messages(['http://facebook.com/sweetwater'])).toEqual([SOCIAL_LINK_MESSAGE]);
    expect(messages(['javascript:alert(1)'])).toEqual([SOCIAL_LINK_MESSAGE]);
    expect(messages(['https://localhost/x'])).toEqual([SOCIAL_LINK_MESSAGE]);
    expect(messages(['facebook.com/sweetwater'])).toEqual([SOCIAL_LINK_MESSAGE]);
    expect(messages(['https://facebook.com@evil.example/x'])).toEqual([SOCIAL_LINK_MESSAGE]);
  });

  it('names each link by its network, or by its host', () => {
    expect(toSocialLink('https://www.instagram.com/sweetwater')).toMatchObject({
      network: 'instagram',
      label: 'Instagram',
    });
    expect(toSocialLink('https://twitter.com/sweetwater').network).toBe('x');
    expect(toSocialLink('https://youtu.be/abc').label).toBe('YouTube');
    expect(toSocialLink('https://WWW.Facebook.com:443/x').network).toBe('facebook');
    expect(toSocialLink('https://www.linkedin.com/company/sweetwater').label).toBe('LinkedIn');
    expect(toSocialLink('https://www.tiktok.com/@sweetwater').label).toBe('TikTok');
    // A look-alike host is just a website.
    expect(toSocialLink('https://notfacebook.com/x')).toEqual({
      url: 'https://notfacebook.com/x',
      network: 'website',
      label: 'notfacebook.com',
    });
    expect(toSocialLink('https://www.sweetwaterbakery.example/menu').label).toBe(
      'sweetwaterbakery.example',
    );
  });
});
