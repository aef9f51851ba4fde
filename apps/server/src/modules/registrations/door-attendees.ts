import { and, asc, eq, inArray, isNull, min } from 'drizzle-orm';
import { eventAttendees, eventOrderLines, eventRegistrations, type Executor } from '@chamber/db';
import type { DoorAttendeeRow, DoorAttendeesPort } from '../check-in/index.js';

/**
 * The attendees of orders at the door (the check-in module reaches the registrations module's
 * tables through this): read with their ticket type's name, found by their QR token, and
 * checked in or undone one by one. The registration's own `checked_in_at` follows its
 * attendees (the first one in, null when none is), so the party's state, the registrations
 * CSV and the data version that keeps check-in lists fresh move with each attendee.
 */
export class DoorAttendees implements DoorAttendeesPort {
  /** The attendees of these registrations, by registration, in the order they were named. */
  async of(db: Executor, registrationIds: string[]): Promise<Map<string, DoorAttendeeRow[]>> {
    const found = new Map<string, DoorAttendeeRow[]>();
    if (registrationIds.length === 0) return found;
    const rows = await db
      .select({
        id: eventAttendees.id,
        registrationId: eventAttendees.registrationId,
        position: eventAttendees.position,
        name: eventAttendees.name,
        email: eventAttendees.email,
        typeName: eventOrderLines.typeName,
        checkedInAt: eventAttendees.checkedInAt,
      })
      .from(eventAttendees)
      .leftJoin(
        eventOrderLines,
        and(
          eq(eventOrderLines.registrationId, eventAttendees.registrationId),
          eq(eventOrderLines.typeId, eventAttendees.typeId),
        ),
      )
      .where(inArray(eventAttendees.registrationId, registrationIds))
      .orderBy(asc(eventAttendees.registrationId), asc(eventAttendees.position));
    for (const r of rows) {
      const row = { ...r, typeName: r.typeName ?? '' };
      found.set(r.registrationId, [...(found.get(r.registrationId) ?? []), row]);
    }
    return found;
  }

  /** The attendee a QR code's token names, or null. */
  async byQrToken(db: Executor, token: string): Promise<{ id: string } | null> {
    const [row] = await db
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(eq(eventAttendees.qrToken, token))
      .limit(1);
    return row ?? null;
  }

  /** The registration an attendee belongs to, or null for no such attendee. */
  async registrationOf(db: Executor, attendeeId: string): Promise<string | null> {
    const [row] = await db
      .select({ registrationId: eventAttendees.registrationId })
      .from(eventAttendees)
      .where(eq(eventAttendees.id, attendeeId));
    return row?.registrationId ?? null;
  }

  /**
   * Sets (a time) or clears (null) an attendee's check-in, in the caller's transaction, which
   * holds the registration's row lock; then brings the registration's `checked_in_at` in line.
   */
  async set(tx: Executor, attendeeId: string, at: Date | null, now: Date): Promise<void> {
    const [row] = await tx
      .update(eventAttendees)
      .set({ checkedInAt: at, updatedAt: now })
      .where(eq(eventAttendees.id, attendeeId))
      .returning({ registrationId: eventAttendees.registrationId });
    if (row) await this.follow(tx, row.registrationId, now);
  }

  /** Checks in every attendee of a registration not in yet (the whole party at once). */
  async setAll(tx: Executor, registrationId: string, at: Date): Promise<void> {
    await tx
      .update(eventAttendees)
      .set({ checkedInAt: at, updatedAt: at })
      .where(
        and(eq(eventAttendees.registrationId, registrationId), isNull(eventAttendees.checkedInAt)),
      );
  }

  /** The registration's check-in: its first attendee's, or null when none is in. */
  private async follow(tx: Executor, registrationId: string, now: Date): Promise<void> {
    const [first] = await tx
      .select({ at: min(eventAttendees.checkedInAt) })
      .from(eventAttendees)
      .where(eq(eventAttendees.registrationId, registrationId));
    await tx
      .update(eventRegistrations)
      .set({ checkedInAt: first?.at ?? null, updatedAt: now })
      .where(eq(eventRegistrations.id, registrationId));
  }
}
