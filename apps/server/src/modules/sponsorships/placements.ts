import type { IncomingHttpHeaders } from 'node:http';
import {
  dateKeyIn,
  DEFAULT_TIMEZONE,
  type SponsorLevel,
  sponsorLevels,
  type SponsorCreativeInput,
  sponsorCreativeInputSchema,
  type SponsorPlacements,
  type SponsorReport,
  type SponsorshipSettings,
  type SponsorSummary,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { BatchedTotals } from '../../lib/batched-totals.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { isCountedVisit } from '../../lib/listing-counter.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import { isStaff, type Session } from '../../plugins/auth.js';
import type { Letterhead } from '../billing/index.js';
import { firstChamber } from '../chamber/index.js';
import { uploadedImageUrl } from '../media/index.js';
import { businessesOfLogin, businessForLogin, businessNames } from '../members/index.js';
import type { SponsorshipBilling } from './billing-port.js';
import * as q from './queries.js';
import { renderSponsorReportPdf, reportFilename } from './report-pdf.js';

/** The roles of a business's people who may change what its sponsorship shows. */
const EDITOR_ROLES = new Set(['primary', 'billing']);
/** How long counts wait in memory before they are added to the daily totals. */
const FLUSH_MS = 60_000;
/** A batch this large is written at once. */
const MAX_PENDING = 20_000;

const notFound = () => new AppError('not_found', 'Sponsorship not found');

/** A sale with its package's placements, its business's name and its invoice's standing. */
export type SponsorRow = q.SaleWithPackage & {
  businessName: string;
  invoiceStatus: 'open' | 'paid' | 'void' | null;
  invoiceDueOn: string | null;
};

/** The slots a package's placement shows on: its kind, or event:{id} for an event's. */
export function slotsOf(placements: SponsorRow['placements']): string[] {
  return [...new Set(placements.map(slotOf).filter((s): s is string => s !== null))];
}

/** The slot of one placement; null for newsletters (not a page). */
function slotOf(p: SponsorRow['placements'][number]): string | null {
  if (p.kind === 'newsletter') return null;
  return p.kind === 'event' ? (p.eventId ? `event:${p.eventId.toLowerCase()}` : null) : p.kind;
}

/** Held: the setting is on and the sponsor's invoice is unpaid after its due date. */
export function isHeld(row: Pick<SponsorRow, 'invoiceStatus' | 'invoiceDueOn'>, today: string) {
  return row.invoiceStatus === 'open' && row.invoiceDueOn !== null && row.invoiceDueOn < today;
}

const nameOf = (row: Pick<SponsorRow, 'businessName'>) => row.businessName;

interface Live {
  day: string;
  zone: string;
  bySlot: Map<string, SponsorPlacements['sponsors']>;
}

/**
 * The sponsors live on each slot now (decision 0149): a confirmed sale whose period holds
 * today in the chamber's zone, its package including the slot, not held for an unpaid
 * invoice when the chamber holds those. Read from a kept answer per data version and day.
 * Impressions and clicks are counted in memory and added to daily totals in batches.
 */
export class SponsorPlacementsService {
  private readonly kept = new VersionedCache<Live>({ maxEntries: 4, name: 'sponsor-placements' });
  private zone: string | null = null;
  private readonly counts: BatchedTotals<{ impressions: number; clicks: number }>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly billing: Pick<SponsorshipBilling, 'standings'>,
    log: { warn(obj: unknown, msg: string): void } = console,
    flushMs = FLUSH_MS,
  ) {
    this.counts = new BatchedTotals({
      what: 'sponsor counts',
      flushMs,
      maxPending: MAX_PENDING,
      zero: () => ({ impressions: 0, clicks: 0 }),
      write: async (batch) => {
        const rows = [...batch].map(([key, n]) => {
          const [sponsorshipId = '', slot = '', day = ''] = key.split('|');
          return { sponsorshipId, slot, day, ...n };
        });
        await q.addCounts(this.db, rows);
      },
      log,
    });
  }

  /** The sales with their business's name (members') and invoice's standing (billing's). */
  private async sponsorRows(where: Parameters<typeof q.saleRows>[1]): Promise<SponsorRow[]> {
    const rows = await q.saleRows(this.db, where);
    if (rows.length === 0) return [];
    const invoiceIds = rows.map((r) => r.invoiceId).filter((id): id is string => id !== null);
    const [names, standings] = await Promise.all([
      businessNames(this.db, [...new Set(rows.map((r) => r.contactId))]),
      this.billing.standings(this.db, [...new Set(invoiceIds)]),
    ]);
    return rows.map((row) => {
      const invoice = row.invoiceId ? standings.get(row.invoiceId) : undefined;
      return {
        ...row,
        businessName: names.get(row.contactId) ?? '',
        invoiceStatus: invoice?.status ?? null,
        invoiceDueOn: invoice?.dueOn ?? null,
      };
    });
  }

  /** The login's role among the business's people, or null. */
  private async roleOf(contactId: string, userId: string) {
    return (await businessForLogin(this.db, contactId, userId))?.role ?? null;
  }

  private async timeZone(): Promise<string> {
    if (this.zone) return this.zone;
    this.zone = (await firstChamber(this.db))?.timezone || DEFAULT_TIMEZONE;
    return this.zone;
  }

  private async live(): Promise<Live> {
    const today = dateKeyIn(this.clock.now(), await this.timeZone());
    const version = await currentDataVersion(this.db);
    return this.kept.get(today, version, () => this.compute());
  }

  private async compute(): Promise<Live> {
    this.zone = null;
    const zone = await this.timeZone();
    const day = dateKeyIn(this.clock.now(), zone);
    const [rows, hold] = await Promise.all([
      this.sponsorRows({ liveOn: day }),
      q.holdUnpaid(this.db),
    ]);
    const bySlot = new Map<string, SponsorPlacements['sponsors']>();
    for (const row of rows) {
      if (hold && isHeld(row, day)) continue;
      for (const placement of row.placements) {
        const slot = slotOf(placement);
        if (!slot || bySlot.get(slot)?.some((s) => s.id === row.id)) continue;
        const list = bySlot.get(slot) ?? [];
        list.push({
          id: row.id,
          businessName: nameOf(row),
          logoUrl: row.logoUrl,
          logoAlt: row.logoAlt || nameOf(row),
          link: row.link,
          clickUrl: row.link
            ? `/api/sponsors/${row.id}/click?slot=${encodeURIComponent(slot)}`
            : null,
          level: placement.kind === 'event' ? (placement.level ?? row.level) : null,
        });
        bySlot.set(slot, list);
      }
    }
    return { day, zone, bySlot };
  }

  /** What is live on the slot now; counts an impression of each when `headers` are a visit. */
  async placements(slot: string, headers?: IncomingHttpHeaders): Promise<SponsorPlacements> {
    const live = await this.live();
    const sponsors = live.bySlot.get(slot) ?? [];
    if (headers && sponsors.length > 0 && isCountedVisit(headers)) {
      for (const s of sponsors) this.add(s.id, slot, live.day, 'impressions');
    }
    return { slot, sponsors };
  }

  /**
   * The names of the sponsors presenting an event today (a registrant's confirmation says
   * 'Presented by …'): its live presenting sponsors, or when it has none every live sponsor of
   * its slot, by level (gold, then silver). Counts nothing: a mail is no page view.
   */
  async presentersOf(eventId: string): Promise<string[]> {
    const live = await this.live();
    const sponsors = live.bySlot.get(`event:${eventId.toLowerCase()}`) ?? [];
    const presenting = sponsors.filter((s) => s.level === 'presenting');
    const rank = (s: { level: string | null }) =>
      s.level === null ? sponsorLevels.length : sponsorLevels.indexOf(s.level as SponsorLevel);
    const shown =
      presenting.length > 0 ? presenting : [...sponsors].sort((a, b) => rank(a) - rank(b));
    return [...new Set(shown.map((s) => s.businessName))];
  }

  /**
   * A click on a live sponsor: its stored link (never one from the request), counted when a
   * visit. Null when the sponsor is not live on the slot or has no link.
   */
  async click(id: string, slot: string, headers: IncomingHttpHeaders): Promise<string> {
    const live = await this.live();
    const sponsor = live.bySlot.get(slot)?.find((s) => s.id === id);
    if (!sponsor?.link) throw notFound();
    if (isCountedVisit(headers)) this.add(id, slot, live.day, 'clicks');
    return sponsor.link;
  }

  private add(id: string, slot: string, day: string, what: 'impressions' | 'clicks') {
    this.counts.add(`${id}|${slot}|${day}`, { [what]: 1 });
  }

  /** Adds what is counted to the daily totals; resolves once it is written. */
  flush(): Promise<void> {
    return this.counts.flush();
  }

  /** The server's close: writes what is pending. */
  async close(): Promise<void> {
    await this.counts.close();
  }

  // Staff and the sponsor's people.

  private async summaries(rows: SponsorRow[]): Promise<SponsorSummary[]> {
    return rows.map((row) => ({
      id: row.id,
      packageName: row.packageName,
      memberId: row.contactId,
      businessName: nameOf(row),
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      status: row.status,
      slots: slotsOf(row.placements),
      logoUrl: row.logoUrl,
      logoAlt: row.logoAlt,
      link: row.link,
    }));
  }

  /** Every sale not lapsed, for staff. */
  async all(): Promise<{ sponsors: SponsorSummary[] }> {
    return { sponsors: await this.summaries(await this.sponsorRows({})) };
  }

  /** The sales of the businesses the login is a person of. */
  async mine(session: Session): Promise<{ sponsors: SponsorSummary[] }> {
    const contactIds = (await businessesOfLogin(this.db, session.user.id)).map((b) => b.contactId);
    if (contactIds.length === 0) return { sponsors: [] };
    return { sponsors: await this.summaries(await this.sponsorRows({ contactIds })) };
  }

  /** The sale, when the login is staff or one of its business's people (`roles`, if given). */
  private async readable(id: string, session: Session, roles?: Set<string>) {
    const [row] = await this.sponsorRows({ ids: [id] });
    if (!row) throw notFound();
    if (isStaff(session)) return row;
    const role = await this.roleOf(row.contactId, session.user.id);
    if (!role) throw new AppError('forbidden', 'Only staff and the sponsor’s people may see this.');
    if (roles && !roles.has(role)) {
      throw new AppError(
        'forbidden',
        `Only ${nameOf(row)}’s primary or billing person may change its sponsorship.`,
      );
    }
    return row;
  }

  /**
   * Before a sponsor logo is stored for a business (the media module's rule for the upload):
   * the business has a sponsorship (not lapsed), and the uploader is staff or its primary or
   * billing person, as for the logo's save. Its editors and employees may not.
   */
  async checkLogoUpload(contactId: string, session: Session): Promise<void> {
    const noSponsorship = new AppError('not_found', 'This business has no sponsorship.');
    if (!isUuid(contactId)) throw noSponsorship;
    const [sale] = await this.sponsorRows({ contactIds: [contactId] });
    if (!sale) throw noSponsorship;
    if (isStaff(session)) return;
    const role = await this.roleOf(contactId, session.user.id);
    if (!EDITOR_ROLES.has(role ?? '')) {
      throw new AppError(
        'forbidden',
        `Only ${nameOf(sale)}’s primary or billing person may upload its sponsor logo.`,
      );
    }
  }

  /** The logo, alt text and link the sponsor shows; by staff or its primary or billing person. */
  async saveCreative(id: string, input: SponsorCreativeInput, session: Session) {
    const data = sponsorCreativeInputSchema.parse(input);
    await this.readable(id, session, EDITOR_ROLES);
    const logoUrl = data.logoUrl
      ? await uploadedImageUrl(this.db, data.logoUrl, this.publicUrl)
      : null;
    await q.updateSale(this.db, id, {
      logoUrl,
      logoAlt: data.logoAlt,
      link: data.link,
      updatedAt: this.clock.now(),
    });
    return { id, logoUrl, logoAlt: data.logoAlt, link: data.link };
  }

  /** Impressions and clicks per placement per day, counted so far (pending ones written first). */
  async report(id: string, session: Session): Promise<SponsorReport> {
    const row = await this.readable(id, session);
    await this.flush();
    const days = await q.countsOf(this.db, id);
    const totals = new Map<string, { impressions: number; clicks: number }>();
    for (const slot of slotsOf(row.placements)) totals.set(slot, { impressions: 0, clicks: 0 });
    for (const d of days) {
      const t = totals.get(d.slot) ?? { impressions: 0, clicks: 0 };
      t.impressions += d.impressions;
      t.clicks += d.clicks;
      totals.set(d.slot, t);
    }
    const [sponsor] = await this.summaries([row]);
    return {
      sponsor: sponsor!,
      days,
      totals: [...totals].map(([slot, t]) => ({ slot, ...t })),
    };
  }

  /**
   * The report's summary as a PDF on the chamber's letterhead, for whoever may read the
   * report; its period, today (in the chamber's zone) and the totals per placement.
   */
  async reportPdf(
    id: string,
    session: Session,
    letterhead: () => Promise<Letterhead>,
  ): Promise<{ filename: string; bytes: Buffer }> {
    const report = await this.report(id, session);
    const today = dateKeyIn(this.clock.now(), await this.timeZone());
    const bytes = await renderSponsorReportPdf(report, await letterhead(), today);
    return { filename: reportFilename(report), bytes };
  }

  async settings(): Promise<SponsorshipSettings> {
    return { holdUnpaid: await q.holdUnpaid(this.db) };
  }

  async saveSettings(input: SponsorshipSettings): Promise<SponsorshipSettings> {
    await q.saveHoldUnpaid(this.db, input.holdUnpaid, this.clock.now());
    return this.settings();
  }
}
