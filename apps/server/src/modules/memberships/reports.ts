import {
  dateKeyIn,
  type DuesReport,
  type ListMembershipsQuery,
  listMembershipsQuerySchema,
  membershipListSchema,
  membershipStatuses,
  type MembershipStatus,
} from '@chamber/contract';
import { writeCsv } from '../../lib/csv.js';
import { JsonBody } from '../../lib/json-body.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import { MembershipCore } from './core.js';
import * as listing from './list-queries.js';
import * as q from './queries.js';
import { toMembership } from './view.js';

/** Staff's lists of memberships, the dues report and the CSV export. */
export class MembershipReports extends MembershipCore {
  /** Pages of staff's lists as sent (see `list`); a page of 100 is about 60 kB. */
  private readonly lists = new VersionedCache<JsonBody>({
    maxEntries: 500,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (body) => body.size,
  });
  private readonly listContexts = new VersionedCache<{ graceDays: number; timeZone: string }>({
    maxEntries: 1,
  });

  /**
   * A page of one of staff's lists, serialized once per data version and chamber day: staff
   * page through the same lists again and again, and the data version moves with every
   * membership, payment, contact, plan, dues setting or chamber record written (in any
   * process). The day is in the key because the lists read the clock (this month, this year).
   * Who may ask is checked before this is called (the route's access).
   */
  async list(query: ListMembershipsQuery): Promise<JsonBody> {
    const parsed = listMembershipsQuerySchema.parse(query);
    const version = await currentDataVersion(this.db);
    const context = await this.listContexts.get('context', version, () => this.listContext());
    const today = dateKeyIn(this.clock.now(), context.timeZone);
    const key = JSON.stringify([
      today,
      parsed.list,
      parsed.search ?? '',
      parsed.limit,
      parsed.offset,
    ]);
    return this.lists.get(key, version, async () => {
      const { rows, total } = await listing.listViews(this.db, parsed, today);
      return JsonBody.of(membershipListSchema, {
        memberships: rows.map((row) => toMembership(row, context)),
        pagination: { total, hasMore: parsed.offset + rows.length < total },
      });
    });
  }

  /** Grace days and time zone, read together: staff's lists are asked for often. */
  private async listContext() {
    const read = await listing.listContext(this.db);
    if (read) return read;
    // No settings row yet: getSettings makes it with the defaults.
    const [settings, timeZone] = await Promise.all([
      q.getSettings(this.db),
      q.chamberTimeZone(this.db),
    ]);
    return { graceDays: settings.graceDays, timeZone };
  }

  async report(year?: number): Promise<DuesReport> {
    const settings = await q.getSettings(this.db);
    const y = year ?? Number((await this.today()).slice(0, 4));
    const [rows, counts] = await Promise.all([
      listing.duesByPlanAndMonth(this.db, y),
      listing.countByStatus(this.db),
    ]);
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.plan_name, (totals.get(r.plan_name) ?? 0) + r.amount_cents);
    const byStatus = Object.fromEntries(membershipStatuses.map((st) => [st, 0])) as Record<
      MembershipStatus,
      number
    >;
    for (const c of counts) byStatus[c.status] = c.n;
    return {
      year: y,
      currency: settings.currency,
      rows: rows.map((r) => ({
        month: r.month,
        planName: r.plan_name,
        payments: r.payments,
        amountCents: r.amount_cents,
      })),
      totals: [...totals].map(([planName, amountCents]) => ({ planName, amountCents })),
      totalCents: [...totals.values()].reduce((a, b) => a + b, 0),
      byStatus,
    };
  }

  /** Every membership as CSV, a page of the view at a time so a large chamber streams evenly. */
  async exportCsv(): Promise<string> {
    const settings = await q.getSettings(this.db);
    const today = await this.today();
    const records: string[][] = [
      [
        'Business',
        'Contact',
        'Email',
        'Plan',
        'Status',
        'Payment status',
        'Started',
        'Paid through',
        'Automatic renewal',
      ],
    ];
    for (let offset = 0; ; offset += 1000) {
      const { rows } = await listing.listViews(
        this.db,
        { list: 'all', limit: 1000, offset },
        today,
      );
      for (const row of rows) {
        const m = toMembership(row, settings);
        records.push([
          m.businessName ?? '',
          m.contactName,
          m.email ?? '',
          m.plan.name,
          m.status,
          m.paymentStatus,
          m.startedOn ?? '',
          m.paidThrough ?? '',
          m.autoRenew ? 'yes' : 'no',
        ]);
      }
      if (rows.length < 1000) break;
    }
    return writeCsv(records);
  }
}
