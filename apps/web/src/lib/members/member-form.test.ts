import { describe, expect, it } from 'vitest';
import { makeMember, makeProfile } from '@/test/fake-api';
import {
  memberFormSchema,
  memberFormValues,
  memberUpdateBody,
  ownProfileUpdateBody,
  profileFormSchema,
  type MemberFormValues,
} from './member-form';

const filled: MemberFormValues = {
  firstName: ' Maria ',
  lastName: 'Lopez',
  email: 'maria@riverbendbakery.example',
  phone: '(801) 555-0142',
  tagline: 'Fresh bread every morning',
  businessName: 'Riverbend Bakery',
  bio: 'Family bakery since 1998.',
  website: 'https://riverbendbakery.example',
  address1: '12 Main St',
  city: 'Riverton',
  state: 'ut',
  postalCode: '84065',
  couponCodes: ['BREAD10', 'PIE5'],
  socialLinks: ' https://www.facebook.com/riverbend \n\nhttps://www.instagram.com/riverbend',
  gallery: [],
};

const standard = { enhanced: false, elite: false };
const enhanced = { enhanced: true, elite: false };
const elite = { enhanced: true, elite: true };

describe('memberFormSchema', () => {
  it('requires first and last name and limits the state to 2 characters', () => {
    const result = memberFormSchema.safeParse({
      ...filled,
      firstName: '  ',
      lastName: '',
      state: 'Utah',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      state: 'State must be at most 2 characters (e.g. UT)',
    });
  });

  it('asks for a full website address', () => {
    const result = memberFormSchema.safeParse({ ...filled, website: 'riverbendbakery.example' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['website'],
      message: 'Website must be a full URL (https://...)',
    });
  });

  it('trims and upper-cases as the server would', () => {
    const values = memberFormSchema.parse(filled);
    expect(values.firstName).toBe('Maria');
    expect(values.state).toBe('UT');
  });
});

describe('memberUpdateBody (PUT /members/{id})', () => {
  it('sends only the basic fields for a standard member, never the email', () => {
    const body = memberUpdateBody(memberFormSchema.parse(filled), standard);
    expect(body).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '(801) 555-0142',
      tagline: 'Fresh bread every morning',
      businessName: 'Riverbend Bakery',
    });
  });

  it('adds bio, website and address for an enhanced member, not the coupons', () => {
    const body = memberUpdateBody(memberFormSchema.parse(filled), enhanced);
    expect(body).toMatchObject({
      bio: 'Family bakery since 1998.',
      website: 'https://riverbendbakery.example',
      address1: '12 Main St',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
    });
    expect(body).not.toHaveProperty('coupon_codes');
    expect(body).not.toHaveProperty('couponCodes');
  });

  it('sends an elite member’s coupon codes as a JSON string', () => {
    const body = memberUpdateBody(memberFormSchema.parse(filled), elite);
    expect(body.coupon_codes).toBe('["BREAD10","PIE5"]');
    expect(body).not.toHaveProperty('couponCodes');
  });

  it('clears emptied fields with null', () => {
    const body = memberUpdateBody(
      memberFormSchema.parse({ ...filled, phone: ' ', website: '', couponCodes: [] }),
      elite,
    );
    expect(body).toMatchObject({ phone: null, website: null, coupon_codes: '[]' });
  });
});

describe('ownProfileUpdateBody (PUT /auth/profile)', () => {
  it('sends, per tier, the contact fields, coupons as a list, and never the email', () => {
    const values = profileFormSchema.parse(filled);
    expect(ownProfileUpdateBody(values, standard, true)).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '(801) 555-0142',
      tagline: 'Fresh bread every morning',
      businessName: 'Riverbend Bakery',
    });
    expect(ownProfileUpdateBody(values, enhanced, true)).not.toHaveProperty('couponCodes');
    expect(ownProfileUpdateBody(values, enhanced, true)).not.toHaveProperty('socialLinks');
    expect(ownProfileUpdateBody(values, elite, true)).toMatchObject({
      bio: 'Family bakery since 1998.',
      couponCodes: ['BREAD10', 'PIE5'],
      socialLinks: ['https://www.facebook.com/riverbend', 'https://www.instagram.com/riverbend'],
    });
  });

  it('sends only the account fields for a login without a contact', () => {
    const body = ownProfileUpdateBody(profileFormSchema.parse(filled), elite, false);
    expect(Object.keys(body).sort()).toEqual(['firstName', 'lastName', 'phone']);
  });
});

describe('social links', () => {
  it('takes one link per line and refuses http or a seventh with the server’s messages', () => {
    const http = memberFormSchema.safeParse({ ...filled, socialLinks: 'http://fb.com/riverbend' });
    expect(http.error?.issues[0]).toMatchObject({
      path: ['socialLinks'],
      message: 'Social links must be full https:// addresses (https://...)',
    });
    const seven = Array.from({ length: 7 }, (_, i) => `https://shop.example/${i}`).join('\n');
    expect(
      memberFormSchema.safeParse({ ...filled, socialLinks: seven }).error?.issues[0],
    ).toMatchObject({ path: ['socialLinks'], message: 'At most 6 social links' });
    const body = memberUpdateBody(memberFormSchema.parse(filled), elite);
    expect(body.socialLinks).toEqual([
      'https://www.facebook.com/riverbend',
      'https://www.instagram.com/riverbend',
    ]);
    expect(memberUpdateBody(memberFormSchema.parse(filled), enhanced)).not.toHaveProperty(
      'socialLinks',
    );
  });

  it('fills the box from the member’s links, one per line', () => {
    const values = memberFormValues(
      makeMember({
        socialLinks: [
          { url: 'https://x.com/a', network: 'x', label: 'X' },
          { url: 'https://shop.example', network: 'website', label: 'shop.example' },
        ],
      }),
    );
    expect(values.socialLinks).toBe('https://x.com/a\nhttps://shop.example');
  });
});

describe('gallery', () => {
  const a = `/api/media/${'a'.repeat(64)}.png`;
  const b = `/api/media/${'b'.repeat(64)}.jpg`;
  const gallery = [
    { url: b, caption: ' Our storefront ' },
    { url: a, caption: '' },
  ];

  it('sends the images in the editor’s order, trimmed, for elite only', () => {
    const values = { ...filled, gallery };
    const expected = [
      { url: b, caption: 'Our storefront' },
      { url: a, caption: '' },
    ];
    expect(memberUpdateBody(memberFormSchema.parse(values), elite).gallery).toEqual(expected);
    expect(ownProfileUpdateBody(profileFormSchema.parse(values), elite, true).gallery).toEqual(
      expected,
    );
    expect(memberUpdateBody(memberFormSchema.parse(values), enhanced)).not.toHaveProperty(
      'gallery',
    );
  });

  it('refuses a thirteenth image with the server’s message', () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => ({
      url: `/api/media/${i.toString(16).padStart(64, '0')}.png`,
      caption: '',
    }));
    expect(
      memberFormSchema.safeParse({ ...filled, gallery: thirteen }).error?.issues[0],
    ).toMatchObject({ path: ['gallery'], message: 'At most 12 gallery images' });
  });

  it('starts from the member’s gallery', () => {
    expect(memberFormValues(makeMember({ gallery })).gallery).toEqual(gallery);
  });
});

describe('memberFormValues', () => {
  it('fills the form from the member, empty text for missing values', () => {
    const values = memberFormValues(makeMember({ couponCodes: ['A'], bio: null }));
    expect(values).toMatchObject({ firstName: 'Maria', bio: '', couponCodes: ['A'] });
  });

  it('takes names, email and phone from the login on /profile', () => {
    const values = memberFormValues(
      makeMember({ email: null, phone: null }),
      makeProfile({ firstName: 'Mari', email: 'mari@example.com', phone: '555' }),
    );
    expect(values).toMatchObject({ firstName: 'Mari', email: 'mari@example.com', phone: '555' });
    expect(memberFormValues(null, makeProfile({ contactId: null })).businessName).toBe(
      'Riverbend Bakery',
    );
  });
});
