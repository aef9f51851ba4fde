import type {
  listMembersQuerySchema,
  Member,
  MemberList,
  Profile,
  updateOwnProfileSchema,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { mediaKeyFromUrl } from '../../lib/media-url.js';
import { isActiveAccount, toProfile, type Session } from '../auth/service.js';
import { contactChanges, tierRequired, type MemberChanges } from './contact-changes.js';
import * as q from './queries.js';
import { memberTags, tierFeatures, toMember } from './view.js';

type ListQuery = z.output<typeof listMembersQuerySchema>;
type OwnProfileChanges = z.output<typeof updateOwnProfileSchema>;
export type ContactImage = 'avatar' | 'coverImage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const memberNotFound = () => new AppError('not_found', 'Member not found');

const roleFilter = (query: ListQuery, viewer: Session | null) =>
  viewer?.user.role === 'admin' ? query.role : undefined;

/** Staff rights need a confirmed account too: a pending moderator is a visitor to others' pages. */
const isStaff = (session: Session | null) =>
  isActiveAccount(session) && (session.user.role === 'admin' || session.user.role === 'moderator');

/**
 * Design.md, Permissions: members see each other's email addresses. Only confirmed accounts:
 * anyone can register a pending one, and it must not open the member list to them.
 */
export const seesMemberEmails = (viewer: Session | null): boolean => isActiveAccount(viewer);

/** Design.md, Permissions: a member edits their own page; moderators and admins any page. */
export function canEditMember(session: Session | null, contactId: string): boolean {
  if (!session) return false;
  return session.user.contactId === contactId || isStaff(session);
}

export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** The directory: active members only; the role filter is honoured for admins only. */
  async list(query: ListQuery, viewer: Session | null): Promise<MemberList> {
    const role = roleFilter(query, viewer);
    const { rows, total } = await q.listMembers(this.db, {
      search: query.search || undefined,
      role,
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    });
    return {
      members: rows.map((row) => toMember(row, seesMemberEmails(viewer))),
      total,
      hasMore: query.offset + rows.length < total,
    };
  }

  /**
   * What a directory page depends on besides the data: every active member gets the same
   * answer (emails included), admins one per role filter; visitors, pending accounts among
   * them, one without.
   */
  listKey(query: ListQuery, viewer: Session | null): string {
    const { search = '', sort, limit, offset } = query;
    const audience = seesMemberEmails(viewer) ? 'members' : 'public';
    return JSON.stringify([audience, roleFilter(query, viewer) ?? '', search, sort, limit, offset]);
  }

  /**
   * One member. A member whose login is pending or suspended is out of the directory, and its
   * page is visible only to that member and to staff; to anyone else it does not exist.
   */
  async get(id: string, viewer: Session | null): Promise<Member> {
    const row = await this.find(id);
    const listed = !row.user || row.user.status === 'active';
    const own = viewer?.user.contactId === id;
    if (!listed && !own && !isStaff(viewer)) throw memberNotFound();
    return toMember(row, own || seesMemberEmails(viewer));
  }

  /**
   * Whether this viewer gets member `id`'s page exactly as an anonymous visitor does, so the
   * visitors' kept answer may serve them: true for visitors and for pending accounts looking
   * at someone else's page.
   */
  seesVisitorPage(id: string, viewer: Session | null): boolean {
    return (
      !viewer || (!seesMemberEmails(viewer) && !isStaff(viewer) && viewer.user.contactId !== id)
    );
  }

  /** A member-page save (PUT /members/{id}); the email is read-only here. */
  async update(id: string, body: MemberChanges, viewer: Session): Promise<Member> {
    await this.assertCanEdit(id, viewer);
    const { email, coupon_codes, couponCodes, ...rest } = body;
    await this.db.transaction(async (tx) => {
      const stored = await q.lockContact(tx, id);
      if (!stored) throw memberNotFound();
      if (email && email.toLowerCase() !== (stored.email ?? '').toLowerCase()) {
        throw new AppError('bad_request', 'Email cannot be changed from the member page.');
      }
      const features = tierFeatures(memberTags(await this.find(id, tx)));
      const changes = contactChanges(
        { ...rest, couponCodes: couponCodes ?? coupon_codes },
        stored,
        features,
      );
      if (changes.coverImageUrl) changes.coverImageUrl = await this.mediaUrl(changes.coverImageUrl);
      await q.updateContact(tx, id, changes, this.clock.now());
    });
    return toMember(await this.find(id), true);
  }

  /** PUT /members/{id}/avatar and /coverImage: '' clears, else an image uploaded here. */
  async setImage(id: string, kind: ContactImage, url: string, viewer: Session): Promise<Member> {
    const row = await this.assertCanEdit(id, viewer);
    if (kind === 'coverImage' && !tierFeatures(memberTags(row)).elite) {
      throw tierRequired('A cover image', 'elite');
    }
    const value = url === '' ? null : await this.mediaUrl(url);
    const column = kind === 'avatar' ? 'avatarUrl' : 'coverImageUrl';
    await q.updateContact(this.db, id, { [column]: value }, this.clock.now());
    return toMember(await this.find(id), true);
  }

  /**
   * Own-profile save (PUT /auth/profile). Names, phone and email belong to the login and are
   * copied to its contact, so the directory shows what the member typed; the rest is the
   * contact's, gated by tier as on the member page.
   */
  async updateOwnProfile(session: Session, body: OwnProfileChanges): Promise<Profile> {
    const { user, contact } = session;
    const { firstName, lastName, email, phone, ...contactFields } = body;
    try {
      return await this.db.transaction(async (tx) => {
        const ids = { userId: user.id, contactId: contact?.id ?? null };
        if (await q.emailTaken(tx, email, ids)) throw emailInUse();
        const now = this.clock.now();
        const userChanges = {
          firstName,
          lastName,
          email,
          ...(phone !== undefined ? { phone: phone || null } : {}),
        };
        const updatedUser = await q.updateUser(tx, user.id, userChanges, now);
        if (!contact) return toProfile({ user: updatedUser, contact: null });

        const stored = await q.lockContact(tx, contact.id);
        if (!stored) return toProfile({ user: updatedUser, contact: null });
        const features = tierFeatures(memberTags({ contact: stored, user: updatedUser }));
        const changes = { ...contactChanges(contactFields, stored, features), ...userChanges };
        if (changes.coverImageUrl)
          changes.coverImageUrl = await this.mediaUrl(changes.coverImageUrl);
        await q.updateContact(tx, contact.id, changes, now);
        return toProfile({ user: updatedUser, contact: { ...stored, ...changes } });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
  }

  private async find(id: string, db: Parameters<typeof q.findMember>[0] = this.db) {
    if (!UUID.test(id)) throw memberNotFound();
    const row = await q.findMember(db, id);
    if (!row) throw memberNotFound();
    return row;
  }

  private async assertCanEdit(id: string, viewer: Session) {
    const row = await this.find(id);
    if (!canEditMember(viewer, id)) {
      throw new AppError('forbidden', 'You can only edit your own member page.');
    }
    return row;
  }

  /** The stored form of an image URL: only images uploaded to this portal are accepted. */
  private async mediaUrl(url: string): Promise<string> {
    const key = mediaKeyFromUrl(url, this.publicUrl);
    if (!key || !(await q.imageMediaExists(this.db, key))) {
      throw new AppError('bad_request', 'Images must be uploaded to the portal first.');
    }
    return `/api/media/${key}`;
  }
}

const emailInUse = () =>
  new AppError('conflict', 'An account with this email already exists. Please use another email.');
