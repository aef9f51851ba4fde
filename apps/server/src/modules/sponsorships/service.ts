import {
  type PublicSponsorshipPackage,
  SPONSORSHIP_HOLD_MINUTES,
  type SponsorshipPackage,
  type SponsorshipPackageInput,
  sponsorshipPackageInputSchema,
  type SponsorshipPurchase,
  type SponsorshipSale,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isActiveAccount, isStaff, type Session } from '../../plugins/auth.js';
import { calendarQueries } from '../calendars/index.js';
import { businessForLogin } from '../members/index.js';
import type { SponsorshipBilling } from './billing-port.js';
import * as q from './queries.js';

const MINUTE = 60_000;
/** The roles of a business's people who may buy for it. */
const BUYER_ROLES = new Set(['primary', 'billing']);

const notFound = () => new AppError('not_found', 'Sponsorship package not found');

/**
 * Sponsorship packages and their sale. Each sale takes one of a package's quantity under the
 * package's row lock, so two buyers racing for the last one get one sale and one refusal. An
 * online purchase is held for SPONSORSHIP_HOLD_MINUTES: paid, it is confirmed; not paid, it
 * lapses (its invoice voided, a late payment refused and given back) and the package is free
 * again. A sale by invoice is confirmed at once and its invoice mailed.
 */
export class SponsorshipsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly billing: SponsorshipBilling,
  ) {
    billing.onPaid((tx, invoiceId) => this.paid(tx, invoiceId));
    billing.onPaying((tx, invoiceId) => this.whyUnpayable(tx, invoiceId));
  }

  /** The packages on offer (not archived), each with what is left. */
  async publicPackages(): Promise<{ packages: PublicSponsorshipPackage[] }> {
    const views = await this.views(await q.listPackages(this.db, { archived: false }));
    return {
      packages: views.map(
        ({ quantity: _q, sold: _s, archived: _a, ...view }): PublicSponsorshipPackage => view,
      ),
    };
  }

  /** Every package for staff, archived too, with sold and left. */
  async adminPackages(): Promise<{ packages: SponsorshipPackage[] }> {
    return { packages: await this.views(await q.listPackages(this.db, { archived: true })) };
  }

  private async views(rows: q.PackageRow[], db: Executor = this.db) {
    const now = this.clock.now();
    const sold = await q.soldCounts(
      db,
      rows.map((r) => r.id),
      now,
    );
    const currency = await this.billing.currency(db);
    const today = await this.billing.today(db);
    const titles = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.eventId).filter((x): x is string => !!x))) {
      const event = await calendarQueries.findEvent(db, id);
      if (event) titles.set(id, event.title);
    }
    return rows.map((row): SponsorshipPackage => {
      const taken = sold.get(row.id) ?? 0;
      const left = Math.max(0, row.quantity - taken);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        priceCents: row.priceCents,
        currency,
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        saleStartsOn: row.saleStartsOn,
        saleEndsOn: row.saleEndsOn,
        placements: row.placements,
        eventId: row.eventId,
        eventTitle: row.eventId ? (titles.get(row.eventId) ?? null) : null,
        level: row.level,
        left,
        soldOut: left === 0,
        onSale: windowRefusal(row, today) === null,
        quantity: row.quantity,
        sold: taken,
        archived: row.archivedAt !== null,
      };
    });
  }

  private async view(row: q.PackageRow, db: Executor = this.db) {
    return (await this.views([row], db))[0]!;
  }

  async create(input: SponsorshipPackageInput): Promise<SponsorshipPackage> {
    const data = sponsorshipPackageInputSchema.parse(input);
    await this.checkEvent(data.eventId);
    const now = this.clock.now();
    const row = await q.insertPackage(this.db, {
      ...columnsOf(data),
      archivedAt: data.archived ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    return this.view(row);
  }

  async update(id: string, input: SponsorshipPackageInput): Promise<SponsorshipPackage> {
    const data = sponsorshipPackageInputSchema.parse(input);
    await this.checkEvent(data.eventId);
    return this.db.transaction(async (tx) => {
      const row = await q.lockPackage(tx, id);
      if (!row) throw notFound();
      const now = this.clock.now();
      await this.lapse(tx, id);
      const sold = (await q.soldCounts(tx, [id], now)).get(id) ?? 0;
      if (data.quantity < sold) {
        throw new AppError(
          'conflict',
          `${sold} of “${row.name}” ${sold === 1 ? 'is' : 'are'} already sold: the quantity cannot be below ${sold}.`,
        );
      }
      const updated = await q.updatePackage(tx, id, {
        ...columnsOf(data),
        archivedAt: data.archived ? (row.archivedAt ?? now) : null,
        updatedAt: now,
      });
      return this.view(updated, tx);
    });
  }

  private async checkEvent(eventId: string | null) {
    if (eventId && !(await calendarQueries.findEvent(this.db, eventId))) {
      throw new AppError('bad_request', 'The event of this package does not exist.');
    }
  }

  /**
   * A business buys a package: a signed-in person acting for it (its primary or billing
   * person) or staff. Refused outside the sale window, when sold out, or archived.
   */
  async purchase(
    id: string,
    input: SponsorshipPurchase,
    session: Session,
    returnPath = '/sponsorships',
  ): Promise<SponsorshipSale> {
    if (!isActiveAccount(session)) {
      throw new AppError(
        'forbidden',
        'Your account is not confirmed yet: it cannot buy a sponsorship.',
      );
    }
    const business = await businessForLogin(this.db, input.memberId, session.user.id);
    if (!business) throw new AppError('not_found', 'Business not found');
    if (!isStaff(session) && !BUYER_ROLES.has(business.role ?? '')) {
      throw new AppError(
        'forbidden',
        `Only ${business.name}’s primary or billing person may buy a sponsorship for it.`,
      );
    }
    return this.sell(id, input, business, { session, staffSale: false, returnPath });
  }

  /** Staff sell a package to any business, member or not (it is then a prospect). */
  async staffSale(id: string, input: SponsorshipPurchase, session: Session) {
    const business = await businessForLogin(this.db, input.memberId, null);
    if (!business) throw new AppError('not_found', 'Business not found');
    return this.sell(id, input, business, {
      session,
      staffSale: true,
      returnPath: '/admin/sponsorships',
    });
  }

  private async sell(
    id: string,
    input: SponsorshipPurchase,
    business: { contactId: string; name: string },
    options: { session: Session; staffSale: boolean; returnPath: string },
  ): Promise<SponsorshipSale> {
    if (input.payment === 'online' && !this.billing.online) {
      throw new AppError('conflict', 'Card payment is not set up: choose to be invoiced.');
    }
    const sale = await this.db.transaction(async (tx) => {
      const pkg = await q.lockPackage(tx, id);
      if (!pkg) throw notFound();
      if (pkg.archivedAt) throw new AppError('conflict', `“${pkg.name}” is no longer offered.`);
      const now = this.clock.now();
      await this.lapse(tx, id);
      // Staff may close a sale after the window (a deal agreed in time); buyers may not.
      if (!options.staffSale) {
        const refusal = windowRefusal(pkg, await this.billing.today(tx));
        if (refusal) throw new AppError('conflict', refusal);
      }
      const sold = (await q.soldCounts(tx, [id], now)).get(id) ?? 0;
      if (sold >= pkg.quantity) {
        throw new AppError('conflict', `“${pkg.name}” is sold out.`);
      }
      const online = input.payment === 'online' && pkg.priceCents > 0;
      let row = await q.insertSale(tx, {
        packageId: pkg.id,
        contactId: business.contactId,
        startsOn: pkg.startsOn,
        endsOn: pkg.endsOn,
        status: online ? 'held' : 'confirmed',
        payment: input.payment,
        holdUntil: online ? new Date(now.getTime() + SPONSORSHIP_HOLD_MINUTES * MINUTE) : null,
        soldByUserId: options.staffSale ? options.session.user.id : null,
        createdAt: now,
        updatedAt: now,
      });
      if (pkg.priceCents > 0) {
        const invoice = await this.billing.issue(tx, {
          contactId: business.contactId,
          description: `Sponsorship: ${pkg.name}, ${pkg.startsOn} to ${pkg.endsOn}`,
          unitCents: pkg.priceCents,
          detail: { packageId: pkg.id, sponsorshipId: row.id },
          dueToday: online,
        });
        await q.updateSale(tx, row.id, { invoiceId: invoice.id });
        row = { ...row, invoiceId: invoice.id };
        if (!online) await this.billing.mailInvoice(tx, invoice.id);
      }
      return { row, pkg };
    });
    return this.saleView(sale.row, business.name, sale.pkg.priceCents, options.returnPath);
  }

  private async saleView(
    row: q.SaleRow,
    businessName: string,
    amountCents: number,
    returnPath: string,
  ): Promise<SponsorshipSale> {
    const invoice = row.invoiceId
      ? (await this.billing.invoices(this.db, [row.invoiceId])).get(row.invoiceId)
      : undefined;
    let checkoutUrl: string | null = null;
    if (row.status === 'held' && invoice && row.holdUntil) {
      // Stripe keeps a page open 30 minutes at least: it ends a minute past the hold. A
      // payment made after the hold ran out is refused by the payable check and given back.
      const now = this.clock.now();
      const expiresAt = new Date(
        Math.max(row.holdUntil.getTime(), now.getTime() + 30 * MINUTE) + MINUTE,
      );
      checkoutUrl = await this.billing.checkout(invoice.id, returnPath, expiresAt);
    }
    return {
      id: row.id,
      packageId: row.packageId,
      memberId: row.contactId,
      businessName,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      status: row.status,
      payment: row.payment,
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.number ?? null,
      amountCents,
      currency: invoice?.currency ?? (await this.billing.currency(this.db)),
      holdUntil: row.holdUntil?.toISOString() ?? null,
      checkoutUrl,
    };
  }

  /** Under the package's lock: holds whose time ran out lapse and their invoices are voided. */
  private async lapse(tx: Executor, packageId: string) {
    const invoiceIds = await q.lapseHolds(tx, packageId, this.clock.now());
    if (invoiceIds.length > 0) {
      await this.billing.voidIfOpen(
        tx,
        invoiceIds,
        'The sponsorship was not paid online in time; the package was released.',
      );
    }
  }

  /** In the payment's transaction: a held online purchase is confirmed. */
  private async paid(tx: Executor, invoiceId: string) {
    const row = await q.saleOfInvoice(tx, invoiceId, true);
    if (!row) return;
    if (row.status !== 'held') {
      // A sponsor held for an unpaid invoice shows again: the change renews the kept placements.
      await q.updateSale(tx, row.id, { updatedAt: this.clock.now() });
      return;
    }
    await q.updateSale(tx, row.id, {
      status: 'confirmed',
      holdUntil: null,
      updatedAt: this.clock.now(),
    });
  }

  /** A held purchase whose hold ran out (or lapsed) may no longer be paid. */
  private async whyUnpayable(tx: Executor, invoiceId: string): Promise<string | null> {
    const row = await q.saleOfInvoice(tx, invoiceId);
    if (!row) return null;
    const expired =
      row.status === 'lapsed' ||
      (row.status === 'held' && row.holdUntil !== null && row.holdUntil <= this.clock.now());
    return expired
      ? 'The time to pay for this sponsorship ran out; the package was released.'
      : null;
  }
}

function columnsOf(data: ReturnType<typeof sponsorshipPackageInputSchema.parse>) {
  return {
    name: data.name,
    description: data.description,
    priceCents: data.priceCents,
    quantity: data.quantity,
    startsOn: data.startsOn,
    endsOn: data.endsOn,
    saleStartsOn: data.saleStartsOn,
    saleEndsOn: data.saleEndsOn,
    placements: data.placements,
    eventId: data.eventId,
    level: data.level,
  };
}

/** Why a package may not be bought on `today` (the chamber's date), or null. */
export function windowRefusal(
  pkg: Pick<q.PackageRow, 'name' | 'saleStartsOn' | 'saleEndsOn'>,
  today: string,
): string | null {
  if (pkg.saleStartsOn && today < pkg.saleStartsOn) {
    return `“${pkg.name}” goes on sale on ${pkg.saleStartsOn}.`;
  }
  if (pkg.saleEndsOn && today > pkg.saleEndsOn) {
    return `The sale of “${pkg.name}” ended on ${pkg.saleEndsOn}.`;
  }
  return null;
}
