import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Member, MemberList, MembershipTier } from '@chamber/contract';
import { contacts, memberships } from '@chamber/db';
import { createTestUser, signIn, type TestContext } from './app.js';

/** Request helpers for members and media; each returns the raw response. */

export const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

export function listMembers(
  ctx: TestContext,
  query: Record<string, string | number> = {},
  token?: string,
): Promise<LightMyRequestResponse> {
  const params = new URLSearchParams(
    Object.entries({ source: 'MembersPage', ...query }).map(([k, v]) => [k, String(v)]),
  );
  return ctx.app.inject({ method: 'GET', url: `/api/members?${params}`, headers: bearer(token) });
}

/** The ids of every page of a listing, walked 20 at a time as the directory does. */
export async function walkDirectory(
  ctx: TestContext,
  query: Record<string, string>,
  token?: string,
): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let offset = 0; ;) {
    const res = await listMembers(ctx, { ...query, limit: 20, offset }, token);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
    const page = res.json<MemberList>();
    ids.push(...page.members.map((m) => m.id));
    totals.push(page.total);
    if (!page.hasMore) return { ids, totals };
    offset += page.members.length;
  }
}

export function getMember(ctx: TestContext, id: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/members/${id}`, headers: bearer(token) });
}

export function putMember(ctx: TestContext, id: string, payload: object, token?: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/members/${id}`,
    headers: bearer(token),
    payload,
  });
}

export function putOwnProfile(ctx: TestContext, payload: object, token?: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(token),
    payload,
  });
}

export const memberOf = (res: LightMyRequestResponse) => res.json<Member>();

/** The contact's row as stored, whatever the API shows of it. */
export const storedContact = async (ctx: TestContext, id: string) =>
  (await ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

/** A new admin login, signed in: its access token. */
export const signedInAdmin = async (ctx: TestContext) =>
  signIn(ctx, (await createTestUser(ctx.db, { role: 'admin' })).email);

/** A real image of the given size and format, generated rather than checked in. */
export function makeImage(
  format: 'png' | 'jpeg',
  {
    width = 64,
    height = 48,
    exif = false,
  }: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 31, g: 95, b: 139 } },
  });
  if (exif) {
    image = image.withExif({
      IFD0: { Artist: 'Secret Photographer', ImageDescription: 'Taken at 40.52N 111.93W' },
    });
  }
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

export function upload(
  ctx: TestContext,
  kind: 'avatar' | 'coverImage' | 'gallery-image' | 'event-cover' | 'download-file',
  payload: { contactId?: string; fileData: string; fileName?: string; mimeType?: string },
  token?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/medias/upload-${kind}`,
    headers: bearer(token),
    payload: { locationId: 'riverton-chamber', fileName: 'photo.png', ...payload },
  });
}

type ContactFields = Exclude<
  NonNullable<Parameters<typeof createTestUser>[1]>['contact'],
  boolean | undefined
>;

/** A member with a sign-in at `tier` and a business name of its own, signed in. */
export async function signedInMember(
  ctx: TestContext,
  tier: MembershipTier,
  contact: Partial<ContactFields> = {},
) {
  const user = await createTestUser(ctx.db, {
    contact: { membershipTier: tier, businessName: `${tier} shop ${randomUUID()}`, ...contact },
  });
  return { contactId: user.contactId!, token: await signIn(ctx, user.email), email: user.email };
}

/**
 * A signed-in elite member and staff's hand on their membership, for tests of what the
 * listing shows as its plan changes: another plan, a cancelled membership, and the elite tier
 * paid again (as a renewal after a lapse leaves it).
 */
export async function eliteListing(ctx: TestContext, adminToken: string) {
  const member = await signedInMember(ctx, 'elite');
  const membership = (await ctx.db.query.memberships.findFirst({
    where: eq(memberships.contactId, member.contactId),
  }))!;
  const plans = Object.fromEntries(
    (await ctx.db.query.membershipPlans.findMany()).map((p) => [p.level, p.id]),
  );
  const url = `/api/admin/memberships/${membership.id}`;
  return {
    ...member,
    changePlan: (level: MembershipTier) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${url}/plan`,
        payload: { planId: plans[level] },
        headers: bearer(adminToken),
      }),
    cancel: () =>
      ctx.app.inject({
        method: 'POST',
        url: `${url}/cancel`,
        payload: {},
        headers: bearer(adminToken),
      }),
    payAgain: () =>
      ctx.db
        .update(contacts)
        .set({ membershipTier: 'elite', paymentStatus: 'paid' })
        .where(eq(contacts.id, member.contactId)),
  };
}
