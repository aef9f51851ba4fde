import { and, asc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Bounds, Location } from '@chamber/contract';
import { contacts, geocodeCache, users, type Executor } from '@chamber/db';

/**
 * The listing's plan shows its address (the enhanced feature: enhanced or elite, or an
 * admin's contact), so it may stand on the map: the SQL twin of `tierFeatures(...).enhanced`.
 */
export const showsAddress: SQL = sql`(${contacts.membershipTier} <> 'standard' or ${users.role} = 'admin')`;

/** A pin inside the box (the map's view), through the pins' GiST index. */
export function inBoundsCondition({ west, south, east, north }: Bounds): SQL {
  const box = (w: number, e: number) =>
    sql`point(${contacts.lng}, ${contacts.lat}) <@ box(point(${w}::float8, ${south}::float8), point(${e}::float8, ${north}::float8))`;
  const inBox = west <= east ? box(west, east) : sql`(${box(west, 180)} or ${box(-180, east)})`;
  return sql`(${contacts.lat} is not null and ${inBox} and ${showsAddress})`;
}

/**
 * Nearest first from `near` (great-circle distance), listings without a shown pin after
 * them; the name and the id keep the order total.
 */
export function nearOrder({ lat, lng }: Location): SQL[] {
  const placed = sql`(${contacts.lat} is not null and ${showsAddress})`;
  const distance = sql`case when ${placed} then
      2 * asin(sqrt(
        power(sin(radians(${contacts.lat} - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(${contacts.lat}))
          * power(sin(radians(${contacts.lng} - ${lng}::float8) / 2), 2)
      ))
    end`;
  return [sql`${distance} asc nulls last`, sql`${contacts.sortName}`, sql`${contacts.id}`];
}

/** A pin placed by hand: kept until the address changes. */
export async function placePin(db: Executor, id: string, { lat, lng }: Location, now: Date) {
  await db
    .update(contacts)
    .set({ lat, lng, pinSource: 'member', geocodeDueAt: null, geocodeAttempts: 0, updatedAt: now })
    .where(eq(contacts.id, id));
}

export interface DueAddress {
  id: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  attempts: number;
}

/**
 * The geocoder's queue: listed contacts whose address is due (oldest first) and whose plan
 * shows it; the others wait, due, until their plan does.
 */
export async function dueAddresses(db: Executor, now: Date, limit: number): Promise<DueAddress[]> {
  return db
    .select({
      id: contacts.id,
      address1: contacts.address1,
      city: contacts.city,
      state: contacts.state,
      postalCode: contacts.postalCode,
      attempts: contacts.geocodeAttempts,
    })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(
      and(
        isNotNull(contacts.geocodeDueAt),
        lte(contacts.geocodeDueAt, now),
        eq(contacts.listed, true),
        or(sql`${users.id} is null`, eq(users.status, 'active')),
        showsAddress,
      ),
    )
    .orderBy(asc(contacts.geocodeDueAt), asc(contacts.id))
    .limit(limit);
}

/**
 * The geocoder's answer for a contact, if its address is still the one asked about (a save
 * in the meantime queued it again, and that answer wins). The update leaves the address as it
 * is, so the address trigger keeps the pin.
 */
export async function recordPin(db: Executor, due: DueAddress, pin: Location, now: Date) {
  await db
    .update(contacts)
    .set({ lat: pin.lat, lng: pin.lng, pinSource: 'geocoder', geocodeDueAt: null, updatedAt: now })
    .where(and(eq(contacts.id, due.id), sameAddress(due)));
}

/** No answer (none found, or the geocoder down): no pin, and another try at `retryAt`. */
export async function recordMiss(db: Executor, due: DueAddress, retryAt: Date) {
  await db
    .update(contacts)
    .set({ geocodeDueAt: retryAt, geocodeAttempts: due.attempts + 1 })
    .where(and(eq(contacts.id, due.id), sameAddress(due)));
}

/** A due address that cannot be geocoded (no street): off the queue until it changes. */
export async function dropFromQueue(db: Executor, due: DueAddress) {
  await db
    .update(contacts)
    .set({ geocodeDueAt: null })
    .where(and(eq(contacts.id, due.id), sameAddress(due)));
}

const sameAddress = (due: DueAddress) =>
  sql`(${contacts.address1}, ${contacts.city}, ${contacts.state}, ${contacts.postalCode})
    is not distinct from (${due.address1}::text, ${due.city}::text, ${due.state}::text, ${due.postalCode}::text)`;

export async function cachedAnswer(db: Executor, query: string): Promise<Location | null> {
  const [row] = await db
    .select({ lat: geocodeCache.lat, lng: geocodeCache.lng })
    .from(geocodeCache)
    .where(eq(geocodeCache.query, query))
    .limit(1);
  return row ?? null;
}

export async function cacheAnswer(db: Executor, query: string, pin: Location, now: Date) {
  await db
    .insert(geocodeCache)
    .values({ query, ...pin, fetchedAt: now })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { ...pin, fetchedAt: now } });
}
