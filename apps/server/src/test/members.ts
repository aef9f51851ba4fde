import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Member, MemberList } from '@chamber/contract';
import type { TestContext } from './app.js';

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
