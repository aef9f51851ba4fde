import {
  type AmbassadorList,
  celebrationKindLabels,
  type bookCelebrationSchema,
  type Celebration,
  type CelebrationKind,
  type CelebrationPhotos,
  type celebrationPhotosInputSchema,
  type CelebrationQueue,
  type CelebrationSettings,
  type CelebrationStatus,
  type EventPhotos,
  type ListingCelebrations,
  type MyCelebrations,
} from '@chamber/contract';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { type Session } from '../../plugins/auth.js';
import { chamberCurrency } from '../memberships/index.js';
import * as q from './queries.js';
import { CelebrationsCore, notFound } from './core.js';
import { businessName } from './mail.js';
import {
  assertMember,
  checkSlot,
  checkYearlyCount,
  kindRule,
  memberRefusal,
  newMemberRefusal,
  noBusiness,
} from './rules.js';

type BookInput = z.output<typeof bookCelebrationSchema>;

const DAY_MS = 86_400_000;

/**
 * Ribbon cuttings and milestone celebrations: the chamber's rules (a setting), the slots they
 * allow, members' bookings, staff's decisions, and what a confirmed one becomes: a public
 * event on the calendar for the member's listing, an invoice for the fee, mail to the member
 * and to the ambassadors, reminders before it.
 */
export class CelebrationsService extends CelebrationsCore {
  // The member.

  async mine(session: Session): Promise<MyCelebrations> {
    const contactId = session.user.contactId;
    if (!contactId) throw noBusiness();
    const [rows, rules, tz, currency] = await Promise.all([
      q.ofContact(this.db, contactId),
      this.settings(),
      this.timezone(),
      chamberCurrency(this.db),
    ]);
    const refusal = memberRefusal(session);
    const kinds = rules.kinds
      .filter((r) => r.enabled && !newMemberRefusal(r, session, tz, this.clock.now()))
      .map((r) => r.kind);
    const c = session.contact;
    const listingAddress = c
      ? [c.address1, [c.city, c.state].filter(Boolean).join(', '), c.postalCode]
          .filter(Boolean)
          .join(', ')
      : '';
    return {
      celebrations: rows.map((row) => this.view(row, tz)),
      mayBook: !refusal && kinds.length > 0,
      refusal:
        refusal ?? (kinds.length ? null : 'None of the celebrations is open to your business.'),
      kinds,
      listingAddress,
      checklist: rules.checklist,
      feeCents: rules.feeCents,
      currency,
    };
  }

  /**
   * A booking of the member's business, checked against every rule in one transaction with
   * the business locked (its yearly count); the slot's unique index settles a race between
   * businesses. Confirmed at once when the chamber confirms automatically.
   */
  async book(session: Session, input: BookInput): Promise<Celebration> {
    const contactId = assertMember(session);
    const tz = await this.timezone();
    const start = new Date(input.slotStart);
    const address = input.address?.trim() || (await this.mine(session)).listingAddress;
    if (!address) {
      throw new AppError('validation_failed', 'Give the address where it takes place.');
    }
    let id: string;
    let rules: CelebrationSettings;
    try {
      ({ id, rules } = await this.db.transaction(async (tx) => {
        const rules = await this.settings(tx);
        kindRule(rules, input.kind, session, tz, this.clock.now());
        const day = checkSlot(rules, start, tz, this.clock.now());
        await q.lockContact(tx, contactId);
        await checkYearlyCount(tx, rules, contactId, day, tz, null);
        const now = this.clock.now();
        const row = await q.insert(tx, {
          contactId,
          bookedBy: session.user.id,
          kind: input.kind,
          status: 'pending',
          slotStart: start,
          slotEnd: new Date(start.getTime() + rules.lengthMinutes * 60_000),
          address,
          description: input.description,
          expectedGuests: input.expectedGuests ?? null,
          galleryConsent: input.galleryConsent ?? false,
          createdAt: now,
          updatedAt: now,
        });
        if (!rules.autoConfirm) await this.mail(tx, row.id, 'received');
        return { id: row.id, rules };
      }));
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(
          'conflict',
          'That time has just been booked by another business. Choose another time.',
        );
      }
      throw err;
    }
    this.outbox.wake();
    if (rules.autoConfirm) await this.confirmBooking(session, id, ['pending']);
    return this.get(id);
  }

  /** The member takes the time staff proposed: the booking is confirmed. */
  async accept(session: Session, id: string): Promise<Celebration> {
    const row = await this.own(session, id);
    if (row.celebration.status !== 'proposed') {
      throw new AppError('conflict', 'Only a time staff proposed can be accepted.');
    }
    assertMember(session);
    await this.confirmBooking(session, id, ['proposed']);
    return this.get(id);
  }

  /** The member withdraws a booking not yet held on the calendar (pending or proposed). */
  async cancel(session: Session, id: string): Promise<Celebration> {
    await this.own(session, id);
    await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row || (row.status !== 'pending' && row.status !== 'proposed')) {
        throw new AppError(
          'conflict',
          'Only a booking waiting for staff or for your answer can be withdrawn; ask staff to cancel a confirmed one.',
        );
      }
      await q.update(tx, id, { status: 'cancelled', updatedAt: this.clock.now() });
    });
    return this.get(id);
  }

  // Staff.

  async queue(status: CelebrationStatus | undefined): Promise<CelebrationQueue> {
    const tz = await this.timezone();
    const since = new Date(this.clock.now().getTime() - 30 * DAY_MS);
    const rows = await q.inStatus(this.db, status, since);
    return { celebrations: rows.map((row) => this.view(row, tz)) };
  }

  async confirm(session: Session, id: string): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    await this.confirmBooking(session, id, ['pending'], true);
    return this.get(id);
  }

  /**
   * Staff offer another time: any slot the rules allow (the notice and the business's yearly
   * count still hold), which the booking now holds; the member accepts it or withdraws.
   */
  async propose(
    session: Session,
    id: string,
    slotStart: string,
    note: string | undefined,
  ): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    const tz = await this.timezone();
    const start = new Date(slotStart);
    try {
      await this.db.transaction(async (tx) => {
        const row = await q.lock(tx, id);
        if (!row) throw notFound();
        if (row.status !== 'pending' && row.status !== 'proposed') {
          throw new AppError('conflict', 'Only a booking waiting for staff can be moved.');
        }
        const rules = await this.settings(tx);
        const day = checkSlot(rules, start, tz, this.clock.now());
        await checkYearlyCount(tx, rules, row.contactId, day, tz, row.id);
        await q.update(tx, id, {
          status: 'proposed',
          slotStart: start,
          slotEnd: new Date(start.getTime() + rules.lengthMinutes * 60_000),
          staffNote: note?.trim() || null,
          updatedAt: this.clock.now(),
        });
        await this.audit(tx, session, 'celebration.propose', row, note ?? null);
        await this.mail(tx, id, 'proposed');
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', 'Another booking holds that time. Choose another.');
      }
      throw err;
    }
    this.outbox.wake();
    return this.get(id);
  }

  async decline(session: Session, id: string, reason: string): Promise<Celebration> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'pending' && row.status !== 'proposed') {
        throw new AppError('conflict', 'Only a booking waiting for staff can be declined.');
      }
      await q.update(tx, id, {
        status: 'declined',
        staffNote: reason,
        updatedAt: this.clock.now(),
      });
      await this.audit(tx, session, 'celebration.decline', row, reason);
      await this.mail(tx, id, 'declined');
    });
    this.outbox.wake();
    return this.get(id);
  }

  async ambassadors(): Promise<AmbassadorList> {
    const rows = await q.ambassadors(this.db);
    return {
      ambassadors: rows.map((r) => ({
        personId: r.personId,
        contactId: r.contactId,
        name: `${r.firstName} ${r.lastName}`.trim() || r.businessName || '',
        businessName: r.businessName ?? '',
        email: r.loginEmail ?? r.email,
      })),
    };
  }

  /** Makes a person of a member business an ambassador, or no longer. Audited. */
  async setAmbassador(session: Session, personId: string, on: boolean): Promise<AmbassadorList> {
    const person = isUuid(personId) ? await q.person(this.db, personId) : null;
    if (!person) throw new AppError('not_found', 'No such person.');
    await this.db.transaction(async (tx) => {
      await q.setAmbassador(tx, personId, on, session.user.id, this.clock.now());
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: on ? 'celebrations.ambassador_add' : 'celebrations.ambassador_remove',
        targetType: 'person',
        targetId: personId,
        targetLabel: `${person.firstName} ${person.lastName}`.trim() || 'Ambassador',
        before: null,
        after: { ambassador: on },
      });
    });
    return this.ambassadors();
  }

  /**
   * PUT /admin/celebrations/{id}/photos: the photos of a confirmed celebration that has begun,
   * shown on its event page. With the business's consent, photos new to the celebration also
   * go to the listing's gallery (kept there if staff later take them off the event page).
   */
  async setPhotos(
    session: Session,
    id: string,
    input: z.output<typeof celebrationPhotosInputSchema>,
  ): Promise<CelebrationPhotos> {
    if (!isUuid(id)) throw notFound();
    const photos = await Promise.all(
      input.photos.map(async (p) => ({
        url: await this.listing.imageUrl(p.url),
        caption: p.caption,
      })),
    );
    const gallery = await this.db.transaction(async (tx) => {
      const row = await q.lock(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'confirmed' || !row.eventId) {
        throw new AppError('conflict', 'Photos go on the event page of a confirmed celebration.');
      }
      if (row.slotStart > this.clock.now()) {
        throw new AppError('conflict', 'Photos can be added once the celebration has begun.');
      }
      await q.update(tx, id, { photos, updatedAt: this.clock.now() });
      await recordAudit(tx, {
        actorId: session.user.id,
        actorEmail: session.user.email,
        action: 'celebration.photos',
        targetType: 'celebration',
        targetId: id,
        targetLabel: `${celebrationKindLabels[row.kind as CelebrationKind]} ${row.slotStart.toISOString()}`,
        before: { photos: row.photos.length },
        after: { photos: photos.length },
      });
      const shown = new Set(row.photos.map((p) => p.url));
      const fresh = photos.filter((p) => !shown.has(p.url));
      if (fresh.length === 0) return { added: 0, note: null };
      if (!row.galleryConsent) {
        return { added: 0, note: 'The business did not agree to photos in its gallery.' };
      }
      return this.listing.addToGallery(tx, row.contactId, fresh);
    });
    return {
      celebration: await this.get(id),
      addedToGallery: gallery.added,
      galleryNote: gallery.note,
    };
  }

  // The public.

  /** GET /celebrations/event/{eventId}/photos: the photos of the celebration an event is. */
  async eventPhotos(eventId: string): Promise<EventPhotos> {
    if (!isUuid(eventId)) return { photos: [], business: null };
    const row = await q.ofEvent(this.db, eventId);
    if (!row) return { photos: [], business: null };
    return {
      photos: row.celebration.photos,
      business: { id: row.contact.id, name: businessName(row.contact) },
    };
  }

  /** A business's confirmed celebrations still to come, for its member page. */
  async ofListing(contactId: string): Promise<ListingCelebrations> {
    if (!isUuid(contactId)) return { celebrations: [] };
    const [rows, tz] = await Promise.all([
      q.confirmedOf(this.db, contactId, this.clock.now()),
      this.timezone(),
    ]);
    return {
      celebrations: rows
        .filter((r) => r.eventId)
        .map((r) => ({
          id: r.id,
          kind: r.kind as CelebrationKind,
          start: r.slotStart.toISOString(),
          timezone: tz,
          eventId: r.eventId!,
        })),
    };
  }
}
