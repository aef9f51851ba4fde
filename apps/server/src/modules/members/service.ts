import {
  categoryLimit,
  formatBounds,
  GALLERY_MAX,
  type GalleryImage,
  hasOpeningHours,
  inBounds,
  localMoment,
  paths,
  roleSchema,
  type listMembersQuerySchema,
  type LocalMoment,
  type MediaKind,
  type MemberDetail,
  type MemberList,
  type OpeningHours,
  type updateOwnProfileSchema,
  type Bounds,
  type BusinessRole,
  type UpdateLocation,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import { findById, notFound } from '../../lib/input.js';
import { isActiveAccount, isCurrentMember, isStaff, type Session } from '../../plugins/auth.js';
import { uploadedImageUrl } from '../media/index.js';
import { categoryIdsOf, categoryLimitError } from './categories.js';
import * as categoryQueries from './category-queries.js';
import { contactChanges, tierRequired, type MemberChanges } from './contact-changes.js';
import * as pins from './pin-queries.js';
import { listingPeople } from './billing-people.js';
import * as q from './queries.js';
import { memberTags, tierFeatures, toMember } from './view.js';

type ListQuery = z.output<typeof listMembersQuerySchema>;
/** The contact's side of an own-profile save: everything but the login's names, phone and email. */
type OwnContactChanges = Omit<
  z.output<typeof updateOwnProfileSchema>,
  'firstName' | 'lastName' | 'email' | 'phone'
>;
export type ContactImage = 'avatar' | 'coverImage';

const memberNotFound = () => notFound('Member');

/** The design's Permissions table: the directory's role filter is the admins'. */
const filtersByRole = (viewer: Session | null) => viewer?.user.role === 'admin';
const roleFilter = (query: ListQuery, viewer: Session | null) =>
  filtersByRole(viewer) ? query.role : undefined;

/** Staff rights over others' pages need a confirmed account: a pending moderator is a visitor. */
const hasStaffRights = (session: Session | null) => isActiveAccount(session) && isStaff(session);

/**
 * The design's Permissions table: members see each other's email addresses. Only current
 * members (and staff): anyone can register a pending account, and a lapsed member is no
 * longer one of the chamber's members; neither may open the member list's addresses.
 */
export const seesMemberEmails = (viewer: Session | null): boolean => isCurrentMember(viewer);

/** The roles of a business's people who keep its listing (and its people). */
export const keepsListing = (role: BusinessRole | null | undefined): boolean =>
  role === 'primary' || role === 'editor';

/**
 * The design's Permissions table: a member edits their own page; moderators and admins any
 * page. Of a business's people, the primary person and its editors keep the listing
 * (docs/decisions/0123-businesses-and-their-people.md); its billing people and employees have
 * its member rights but not the listing. The role is the session's, read with it.
 */
export function canEditMember(session: Session | null, contactId: string): boolean {
  if (!session) return false;
  if (hasStaffRights(session)) return true;
  return session.user.contactId === contactId && keepsListing(session.businessRole);
}

/** The map's pins in name order, packed: 14,000 pins take about 1 MB. */
interface MapPins {
  ids: string[];
  lat: Float64Array;
  lng: Float64Array;
}

function packPins(rows: { id: string; lat: number; lng: number }[]): MapPins {
  return {
    ids: rows.map((r) => r.id),
    lat: Float64Array.from(rows, (r) => r.lat),
    lng: Float64Array.from(rows, (r) => r.lng),
  };
}

export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    /** The chamber's region (MAP_REGION): a pin placed by hand must lie in it. */
    private readonly region?: Bounds,
  ) {}

  /** `category`: the category's id and its subcategories' (404 for an unknown slug). */
  private async categoryFilter(query: ListQuery): Promise<string[] | null> {
    if (!query.category) return null;
    const found = await categoryQueries.categoryWithChildren(this.db, query.category);
    if (!found) throw notFound('Category');
    return found.ids;
  }

  /**
   * GET /members: the page, and what it is kept under. With `openNow`, the moment of the
   * chamber's wall clock is read once for both, so a kept page answers for its minute only.
   */
  async directory(
    query: ListQuery,
    viewer: Session | null,
  ): Promise<{ key: string; page: () => Promise<MemberList> }> {
    const openAt = query.openNow ? await this.localMoment() : null;
    return {
      key: this.listKey(query, viewer, openAt),
      page: () => this.list(query, viewer, openAt),
    };
  }

  /** The chamber's wall clock now: the moment "open now" is read at. */
  async localMoment(): Promise<LocalMoment> {
    return localMoment(this.clock.now(), await q.chamberTimeZone(this.db));
  }

  /**
   * The directory: active members only; the role filter is honoured for admins only;
   * `openNow` keeps the businesses open at `openAt` (now, unless given).
   */
  async list(
    query: ListQuery,
    viewer: Session | null,
    openAt: LocalMoment | null = null,
  ): Promise<MemberList> {
    const role = roleFilter(query, viewer);
    const moment = query.openNow ? (openAt ?? (await this.localMoment())) : null;
    const categoryIds = await this.categoryFilter(query);
    // The map's view alone (no other filter, the name order) is read from the pins kept in
    // memory: a large view counts thousands of pins, which takes the database 100 ms.
    const mapOnly =
      query.bounds && !query.search && !role && !moment && !categoryIds && !query.near;
    const [{ rows, total }, listed] = await Promise.all([
      mapOnly && query.sort === 'name'
        ? this.inView(query.bounds!, query.limit, query.offset)
        : q.listMembers(this.db, {
            search: query.search || undefined,
            role,
            openAt: moment,
            categoryIds,
            bounds: query.bounds,
            near: query.near,
            sort: query.sort,
            limit: query.limit,
            offset: query.offset,
          }),
      // Staff logins mostly have no listing, so a role can match nobody: say which can.
      filtersByRole(viewer) ? q.listedRoles(this.db) : null,
    ]);
    return {
      members: rows.map((row) => toMember(row, { showEmail: seesMemberEmails(viewer) })),
      total,
      hasMore: query.offset + rows.length < total,
      roles: listed && roleSchema.options.filter((r) => listed.includes(r)),
    };
  }

  /** The map's pins, kept per data version (contacts and logins raise it). */
  private readonly pins = new VersionedCache<MapPins>({ maxEntries: 1, name: 'map pins' });

  /** A page of the listings in `box`, in name order, and how many there are. */
  private async inView(box: Bounds, limit: number, offset: number) {
    const version = await currentDataVersion(this.db);
    const pins = await this.pins.get('pins', version, async () =>
      packPins(await q.mapPins(this.db)),
    );
    const ids: string[] = [];
    let total = 0;
    for (let i = 0; i < pins.ids.length; i += 1) {
      if (!inBounds({ lat: pins.lat[i]!, lng: pins.lng[i]! }, box)) continue;
      if (total >= offset && ids.length < limit) ids.push(pins.ids[i]!);
      total += 1;
    }
    return { rows: await q.membersByIds(this.db, ids), total };
  }

  /**
   * What a directory page depends on besides the data: every current member gets the same
   * answer (emails included), admins one per role filter (with the roles listed); visitors,
   * pending accounts and lapsed members among them, one without.
   */
  listKey(query: ListQuery, viewer: Session | null, openAt: LocalMoment | null = null): string {
    const { search = '', sort, limit, offset } = query;
    const audience = `${filtersByRole(viewer) ? 'admin-' : ''}${seesMemberEmails(viewer) ? 'members' : 'public'}`;
    const open = query.openNow && openAt ? `${openAt.date}T${openAt.time}` : '';
    const key = [audience, roleFilter(query, viewer) ?? '', search, sort, limit, offset];
    const map = [
      query.bounds ? formatBounds(query.bounds) : '',
      query.near ? `${query.near.lat},${query.near.lng}` : '',
    ];
    const withOpen = open ? [...key, open] : key;
    const withCategory = query.category ? [...withOpen, `category:${query.category}`] : withOpen;
    return JSON.stringify(map.some(Boolean) ? [...withCategory, ...map] : withCategory);
  }

  /**
   * One member. A member whose login is pending or suspended, or whose lapsed membership the
   * chamber hides, is out of the directory, and its page is visible only to that member and
   * to staff; to anyone else it does not exist.
   */
  async get(id: string, viewer: Session | null): Promise<MemberDetail> {
    const row = await this.find(id);
    const listed = row.contact.listed && (!row.user || row.user.status === 'active');
    const own = viewer?.user.contactId === id;
    if (!listed && !own && !hasStaffRights(viewer)) throw memberNotFound();
    const showEmail = own || seesMemberEmails(viewer);
    return {
      ...toMember(row, { showEmail }),
      canEdit: canEditMember(viewer, id),
      people: await listingPeople(this.db, id, showEmail),
    };
  }

  /** The listed members' pages and their last change (the sitemap's members). */
  listedPages(): Promise<{ id: string; updatedAt: Date }[]> {
    return q.listedMemberDates(this.db);
  }

  /**
   * Listed members that joined on or after `since` (YYYY-MM-DD), newest first: name, tagline
   * and page address, as a newsletter's 'new members' block shows them.
   */
  async newMembers(since: string, limit: number) {
    const rows = await q.newListedMembers(this.db, since, limit);
    return rows.map((row) => ({
      id: row.id,
      name: row.businessName || `${row.firstName} ${row.lastName}`.trim(),
      tagline: row.tagline ?? '',
      url: `${this.publicUrl}${paths.member.href(row.id)}`,
    }));
  }

  /**
   * Whether this viewer gets member `id`'s page exactly as an anonymous visitor does, so the
   * visitors' kept answer may serve them: true for visitors and for pending accounts looking
   * at someone else's page.
   */
  seesVisitorPage(id: string, viewer: Session | null): boolean {
    return (
      !viewer ||
      (!seesMemberEmails(viewer) && !hasStaffRights(viewer) && viewer.user.contactId !== id)
    );
  }

  /** A member-page save (PUT /members/{id}); the email is read-only here. */
  async update(id: string, body: MemberChanges, viewer: Session): Promise<MemberDetail> {
    await this.assertCanEdit(id, viewer);
    const { email, ...rest } = body;
    await this.db.transaction(async (tx) => {
      const stored = await q.lockContact(tx, id);
      if (!stored) throw memberNotFound();
      if (email && email.toLowerCase() !== (stored.email ?? '').toLowerCase()) {
        throw new AppError('bad_request', 'Email cannot be changed from the member page.');
      }
      const features = tierFeatures(memberTags(await this.find(id, tx)));
      const changes = contactChanges(rest, stored, features);
      await this.checkImages(changes);
      await q.updateContact(tx, id, changes, this.clock.now());
    });
    return this.editedMember(id);
  }

  /**
   * PUT /members/{id}/hours: the business's opening hours (checked by the contract's schema:
   * no overlaps, no interval ending before it starts). Hours without any interval or closure
   * clear them.
   */
  async setHours(id: string, hours: OpeningHours, viewer: Session): Promise<MemberDetail> {
    await this.assertCanEdit(id, viewer);
    const value = hasOpeningHours(hours) ? hours : null;
    await q.updateContact(this.db, id, { openingHours: value }, this.clock.now());
    return this.editedMember(id);
  }

  /**
   * PUT /members/{id}/categories: the directory categories the business picks, in its order.
   * Unknown slugs are refused (400), and more than the listing's plan allows (403 naming the
   * limit: `categoryLimits`).
   */
  async setCategories(id: string, slugs: string[], viewer: Session): Promise<MemberDetail> {
    await this.assertCanEdit(id, viewer);
    await this.db.transaction(async (tx) => {
      const stored = await q.lockContact(tx, id);
      if (!stored) throw memberNotFound();
      const row = await this.find(id, tx);
      const ids = await categoryIdsOf(tx, slugs);
      const tags = memberTags(row);
      if (ids.length > categoryLimit(tags)) {
        throw categoryLimitError(
          tags.includes('admin') ? 'elite' : stored.membershipTier,
          ids.length,
        );
      }
      await categoryQueries.setContactCategories(tx, id, ids);
      await q.updateContact(tx, id, {}, this.clock.now());
    });
    return this.editedMember(id);
  }

  /**
   * PUT /members/{id}/location: the member (or staff) moves the business's pin. It must lie
   * in the chamber's region; it stays until the address changes, which queues the geocoder.
   */
  async setLocation(id: string, pin: UpdateLocation, viewer: Session): Promise<MemberDetail> {
    const row = await this.assertCanEdit(id, viewer);
    if (!tierFeatures(memberTags(row)).enhanced) throw tierRequired('A map pin', 'enhanced');
    if (this.region && !inBounds(pin, this.region)) {
      const { west, south, east, north } = this.region;
      throw new AppError(
        'bad_request',
        `The pin must be within the chamber's region (latitude ${south} to ${north}, longitude ${west} to ${east}).`,
      );
    }
    await pins.placePin(this.db, id, pin, this.clock.now());
    return this.editedMember(id);
  }

  /** PUT /members/{id}/avatar and /coverImage: '' clears, else an image uploaded here. */
  async setImage(
    id: string,
    kind: ContactImage,
    url: string,
    viewer: Session,
  ): Promise<MemberDetail> {
    const row = await this.assertCanEdit(id, viewer);
    if (kind === 'coverImage' && !tierFeatures(memberTags(row)).elite) {
      throw tierRequired('A cover image', 'elite');
    }
    const value = url === '' ? null : await this.imageUrl(url);
    const column = kind === 'avatar' ? 'avatarUrl' : 'coverImageUrl';
    await q.updateContact(this.db, id, { [column]: value }, this.clock.now());
    return this.editedMember(id);
  }

  /**
   * Before an upload for a contact (the media module's rule for contacts): the contact exists
   * and the uploader may edit it; a cover or gallery image needs the elite tier.
   */
  async checkUpload(kind: MediaKind, contactId: string, session: Session): Promise<void> {
    const row = await findById(contactId, 'Member', (id) => q.findMember(this.db, id));
    if (!canEditMember(session, contactId)) {
      throw new AppError('forbidden', 'You can only upload images for your own member page.');
    }
    if (kind === 'coverImage' && !tierFeatures(memberTags(row)).elite) {
      throw tierRequired('A cover image', 'elite');
    }
    if (kind === 'galleryImage' && !tierFeatures(memberTags(row)).elite) {
      throw tierRequired('An image gallery', 'elite');
    }
  }

  /** A save's images must be uploaded to this portal: the cover and every gallery image. */
  private async checkImages(changes: q.ContactUpdate): Promise<void> {
    if (changes.coverImageUrl) changes.coverImageUrl = await this.imageUrl(changes.coverImageUrl);
    if (changes.gallery) {
      for (const image of changes.gallery) image.url = await this.imageUrl(image.url);
    }
  }

  /**
   * The contact's side of an own-profile save (PUT /auth/profile, in the auth module's
   * transaction): the fields the contact's tier unlocks, as on the member page, and the
   * login's names, phone and email copied over so the directory shows what the member typed.
   * Null when the contact is gone.
   */
  async saveOwnContact(
    tx: Executor,
    contactId: string,
    login: NonNullable<q.MemberRow['user']>,
    fields: OwnContactChanges,
    { copied, now }: { copied: q.ContactUpdate; now: Date },
  ): Promise<q.ContactRow | null> {
    const stored = await q.lockContact(tx, contactId);
    if (!stored) return null;
    const features = tierFeatures(memberTags({ contact: stored, user: login }));
    const changes = { ...contactChanges(fields, stored, features), ...copied };
    await this.checkImages(changes);
    await q.updateContact(tx, contactId, changes, now);
    return { ...stored, ...changes };
  }

  /** A member as its editor gets it back after a save. */
  private async editedMember(id: string): Promise<MemberDetail> {
    const [row, people] = await Promise.all([this.find(id), listingPeople(this.db, id, true)]);
    return { ...toMember(row, { showEmail: true }), canEdit: true, people };
  }

  private async find(id: string, db: Executor = this.db) {
    return findById(id, 'Member', (contactId) => q.findMember(db, contactId));
  }

  private async assertCanEdit(id: string, viewer: Session) {
    const row = await this.find(id);
    if (!canEditMember(viewer, id)) {
      throw new AppError('forbidden', 'You can only edit your own member page.');
    }
    return row;
  }

  /** The stored form of an image URL: only images uploaded to this portal are accepted. */
  /** `url` as stored, when it names an image uploaded to this portal; 400 otherwise. */
  imageUrl(url: string): Promise<string> {
    return uploadedImageUrl(this.db, url, this.publicUrl);
  }

  /**
   * Adds images to a listing's gallery in `tx` (a celebration's photos, with the business's
   * consent): after those it holds, skipping any it has, up to GALLERY_MAX. Only a listing
   * whose plan has a gallery takes them; the answer says how many went in, or why none did.
   */
  async addToGallery(
    tx: Executor,
    contactId: string,
    images: GalleryImage[],
  ): Promise<{ added: number; note: string | null }> {
    const stored = await q.lockContact(tx, contactId);
    const row = stored && (await q.findMember(tx, contactId));
    if (!stored || !row) return { added: 0, note: 'The business is no longer listed.' };
    if (!tierFeatures(memberTags(row)).elite) {
      return { added: 0, note: 'The business’s plan has no image gallery.' };
    }
    const held = new Set(stored.gallery.map((image) => image.url));
    const fresh = images.filter((image) => !held.has(image.url));
    const added = fresh.slice(0, Math.max(0, GALLERY_MAX - stored.gallery.length));
    if (added.length > 0) {
      await q.updateContact(
        tx,
        contactId,
        { gallery: [...stored.gallery, ...added] },
        this.clock.now(),
      );
    }
    if (added.length < fresh.length) {
      return { added: added.length, note: `A gallery holds at most ${GALLERY_MAX} images.` };
    }
    return { added: added.length, note: null };
  }
}
