import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipTier } from '@chamber/contract';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  eliteListing,
  getMember,
  listMembers,
  memberOf,
  putMember,
  putOwnProfile,
  signedInMember,
  signedInAdmin,
  storedContact,
} from '../../test/members.js';

let ctx: TestContext;
let admin: string;

const member = (tier: MembershipTier) => signedInMember(ctx, tier);

const links = [
  'https://www.facebook.com/redwoodhardware',
  'https://www.instagram.com/redwoodhardware',
  'https://www.linkedin.com/company/redwoodhardware',
  'https://x.com/redwoodhardware',
  'https://www.youtube.com/@redwoodhardware',
  'https://www.tiktok.com/@redwoodhardware',
];

const stored = (id: string) => storedContact(ctx, id);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

describe('social links', () => {
  it('an elite member saves up to 6 https links, shown in order with their networks', async () => {
    const elite = await member('elite');
    const res = await putMember(ctx, elite.contactId, { socialLinks: links }, elite.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(memberOf(res).socialLinks.map((l) => [l.network, l.label])).toEqual([
      ['facebook', 'Facebook'],
      ['instagram', 'Instagram'],
      ['linkedin', 'LinkedIn'],
      ['x', 'X'],
      ['youtube', 'YouTube'],
      ['tiktok', 'TikTok'],
    ]);
    // Visitors see them on the member page and in the directory's cards.
    expect(memberOf(await getMember(ctx, elite.contactId)).socialLinks).toHaveLength(6);
    const listed = (await listMembers(ctx, { limit: 100 }))
      .json<{ members: { id: string; socialLinks: unknown[] }[] }>()
      .members.find((m) => m.id === elite.contactId);
    expect(listed?.socialLinks).toHaveLength(6);

    // And on /profile, any https site too.
    const own = await putOwnProfile(
      ctx,
      {
        firstName: 'Tom',
        lastName: 'Barlow',
        email: (await stored(elite.contactId)).email,
        socialLinks: ['https://redwoodhardware.example/blog'],
      },
      elite.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((await stored(elite.contactId)).socialLinks).toEqual([
      'https://redwoodhardware.example/blog',
    ]);
  });

  it.each([
    ['a seventh link', [...links, 'https://shop.example'], 'At most 6 social links'],
    [
      'an http link',
      ['http://www.facebook.com/redwoodhardware'],
      'Social links must be full https:// addresses (https://...)',
    ],
    [
      'a script',
      ['javascript:alert(1)'],
      'Social links must be full https:// addresses (https://...)',
    ],
  ])('refuses %s with 400 and its reason', async (_name, socialLinks, message) => {
    const elite = await member('elite');
    const res = await putMember(ctx, elite.contactId, { socialLinks }, elite.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect((await stored(elite.contactId)).socialLinks).toEqual([]);
  });

  it('refuses links below elite (403 tier_required), on both pages', async () => {
    const enhanced = await member('enhanced');
    const res = await putMember(ctx, enhanced.contactId, { socialLinks: links }, enhanced.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'tier_required',
      message: 'Social links are available with Elite membership.',
    });
    const own = await putOwnProfile(
      ctx,
      {
        firstName: 'E',
        lastName: 'N',
        email: (await stored(enhanced.contactId)).email,
        socialLinks: links.slice(0, 1),
      },
      enhanced.token,
    );
    expect(own.statusCode).toBe(403);
    // An empty list, as a blank form sends, is fine.
    expect(
      (await putMember(ctx, enhanced.contactId, { socialLinks: [] }, enhanced.token)).statusCode,
    ).toBe(200);
    expect((await stored(enhanced.contactId)).socialLinks).toEqual([]);
  });

  it('refuses another member and visitors', async () => {
    const elite = await member('elite');
    const other = await member('elite');
    expect(
      (await putMember(ctx, elite.contactId, { socialLinks: links }, other.token)).statusCode,
    ).toBe(403);
    expect((await putMember(ctx, elite.contactId, { socialLinks: links })).statusCode).toBe(401);
    expect((await stored(elite.contactId)).socialLinks).toEqual([]);
  });

  it('hides the links (kept) when the plan drops below elite or the membership ends, and shows them again', async () => {
    const elite = await eliteListing(ctx, admin);
    await putMember(ctx, elite.contactId, { socialLinks: links.slice(0, 2) }, elite.token);
    // Read as staff: a chamber that hides lapsed listings shows them only to the member and staff.
    const shown = async () =>
      memberOf(await getMember(ctx, elite.contactId, admin)).socialLinks.length;

    expect(await shown()).toBe(2);
    const down = await elite.changePlan('enhanced');
    expect(down.statusCode, down.body).toBe(200);
    expect(await shown()).toBe(0);
    expect((await stored(elite.contactId)).socialLinks).toHaveLength(2);
    await elite.changePlan('elite');
    expect(await shown()).toBe(2);

    // A lapse: the memberships module drops the listing's tier (docs/decisions/0101-member-only-rights-need-a-current.md).
    const cancelled = await elite.cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await shown()).toBe(0);
    expect((await stored(elite.contactId)).socialLinks).toHaveLength(2);
    // A blank save from the lapsed member keeps them for the day they pay again.
    expect(
      (await putMember(ctx, elite.contactId, { socialLinks: [] }, elite.token)).statusCode,
    ).toBe(200);
    expect((await stored(elite.contactId)).socialLinks).toHaveLength(2);
    await elite.payAgain();
    expect(await shown()).toBe(2);
  });
});
