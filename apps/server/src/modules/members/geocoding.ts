import { sql } from 'drizzle-orm';
import { inBounds, type Bounds, type Location } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import * as pins from './pin-queries.js';

/** What the geocoder is, and how it is asked (config.map, with the portal's address). */
export interface GeocoderSettings {
  /** A search URL with Nominatim's interface (`q`, `format=jsonv2`, `limit`, `viewbox`). */
  url: string;
  /** At least this long between the starts of two requests (Nominatim: 1000 ms). */
  intervalMs: number;
  /** The chamber's region: the geocoder is asked within it, and answers outside it are none. */
  region: Bounds;
  /** Identifies the portal to the geocoder, as Nominatim's usage policy asks. */
  userAgent: string;
  /** Sent as `email` when set (Nominatim's contact for heavy users). */
  email?: string | undefined;
  /** A request that has not answered in this long counts as the geocoder being down. */
  timeoutMs?: number;
}

/** One pass over the queue: what happened, for the job's record. */
export interface GeocodeRun {
  placed: number;
  cached: number;
  missed: number;
  failed: number;
  skipped?: 'another process is geocoding';
}

/** The first retry waits this long; each further one twice as long, up to a day. */
export const FIRST_RETRY_MS = 5 * 60_000;
export const LAST_RETRY_MS = 24 * 60 * 60_000;

/** The wait before attempt `attempts + 1`, after `attempts` that found nothing. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempts, 20));

// Any constant other than the migrations' and the job runner's locks.
const GEOCODER_LOCK = 727_413;

/** The address as one line, as a visitor would type it: the geocoder's query and cache key. */
export function addressLine(a: pins.DueAddress): string | null {
  const street = a.address1?.trim();
  if (!street) return null;
  const stateZip = [a.state?.trim(), a.postalCode?.trim()].filter(Boolean).join(' ');
  return [street, a.city?.trim(), stateZip].filter(Boolean).join(', ').replace(/\s+/g, ' ');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Turns listings' addresses into pins, off the request path: a save only marks the address
 * due (a trigger), and the geocoding job works the queue here. One process at a time (an
 * advisory lock), one request at a time, at least `intervalMs` apart; an answer is cached by
 * its query. An address the geocoder does not find, or a geocoder that is down, slow or
 * answering nonsense, leaves the listing without a pin and due again later, each retry
 * waiting twice as long as the one before (5 minutes, up to a day).
 */
export class ListingGeocoder {
  private lastRequestAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: GeocoderSettings,
    /** Real time for the pace (never the injectable clock, which tests move by hand). */
    private readonly wait: (ms: number) => Promise<void> = sleep,
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  /**
   * Geocodes due addresses until none is left, `batch` were taken, or `budgetMs` has passed
   * (so a run ends before the next minute's run is due).
   */
  async run({ batch = 40, budgetMs = 45_000 } = {}): Promise<GeocodeRun> {
    const started = this.monotonic();
    const result: GeocodeRun = { placed: 0, cached: 0, missed: 0, failed: 0 };
    return this.db.transaction(async (tx) => {
      const [lock] = (
        await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${GEOCODER_LOCK}) as locked`,
        )
      ).rows;
      if (!lock?.locked) return { ...result, skipped: 'another process is geocoding' as const };
      // The lock's transaction only holds the lock: the pins are written on their own, so each
      // one shows as soon as it is found.
      const due = await pins.dueAddresses(this.db, this.clock.now(), batch);
      for (const address of due) {
        if (this.monotonic() - started > budgetMs) break;
        await this.geocode(address, result);
      }
      return result;
    });
  }

  private async geocode(address: pins.DueAddress, result: GeocodeRun): Promise<void> {
    const query = addressLine(address);
    if (!query) {
      await pins.dropFromQueue(this.db, address);
      return;
    }
    const cached = await pins.cachedAnswer(this.db, query);
    if (cached) {
      await pins.recordPin(this.db, address, cached, this.clock.now());
      result.cached += 1;
      return;
    }
    let pin: Location | null;
    try {
      pin = await this.ask(query);
    } catch {
      result.failed += 1;
      await this.retryLater(address);
      return;
    }
    if (!pin) {
      result.missed += 1;
      await this.retryLater(address);
      return;
    }
    const now = this.clock.now();
    await pins.cacheAnswer(this.db, query, pin, now);
    await pins.recordPin(this.db, address, pin, now);
    result.placed += 1;
  }

  private retryLater(address: pins.DueAddress) {
    const retryAt = new Date(this.clock.now().getTime() + retryDelayMs(address.attempts));
    return pins.recordMiss(this.db, address, retryAt);
  }

  /** One request, paced: the first result inside the region, null when there is none. */
  private async ask(query: string): Promise<Location | null> {
    const since = this.monotonic() - this.lastRequestAt;
    if (since < this.settings.intervalMs) await this.wait(this.settings.intervalMs - since);
    this.lastRequestAt = this.monotonic();
    const { west, south, east, north } = this.settings.region;
    const url = new URL(this.settings.url);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    url.searchParams.set('viewbox', `${west},${north},${east},${south}`);
    url.searchParams.set('bounded', '1');
    if (this.settings.email) url.searchParams.set('email', this.settings.email);
    const response = await fetch(url, {
      headers: { 'user-agent': this.settings.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error('geocoder answered no list');
    const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return null;
    const pin = { lat: Number(first.lat), lng: Number(first.lon) };
    if (!Number.isFinite(pin.lat) || !Number.isFinite(pin.lng)) {
      throw new Error('geocoder answered no coordinates');
    }
    return inBounds(pin, this.settings.region) ? pin : null;
  }
}
