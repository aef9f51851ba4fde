import {
  type MemberBenefits,
  type PromoCheck,
  type PromoCheckInput,
  type PromoCode,
  type PromoCodeList,
  type PromoCodeValues,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { isStaff, type Session } from '../../plugins/auth.js';
import { calendarQueries, resolveTarget } from '../calendars/index.js';
import { chamberCurrency, planBenefitsOf } from '../memberships/index.js';
import { businessForLogin } from '../members/index.js';
import { type TicketTypes } from '../tickets/index.js';
import { type OrderLine } from './pricing.js';
import { chamberZone, discountEventOf, discountsFor, periodKey, viewerOf } from './discounts.js';
import * as q from './queries.js';

const codeNotFound = () => new AppError('not_found', 'Promo code not found');

function statusOf(row: q.PromoCodeRow, now: Date): PromoCode['status'] {
  if (row.endedAt) return 'ended';
  if (row.usageLimit !== null && row.uses >= row.usageLimit) return 'used_up';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.validFrom && row.validFrom > now) return 'scheduled';
  return 'active';
}

const shownCode = (row: q.PromoCodeRow) => ({
  code: row.code,
  kind: row.kind,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  eventId: row.eventId,
  ticketTypeIds: row.ticketTypeIds,
  usageLimit: row.usageLimit,
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
  membersOnly: row.membersOnly,
  endedAt: row.endedAt?.toISOString() ?? null,
});

/**
 * Promo codes kept by staff, the order form's check of a code, and a member's benefits used
 * and left.
 */
export class BenefitsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ticketTypes: TicketTypes,
  ) {}

  private async view(db: Executor, row: q.PromoCodeRow, titles?: Map<string, string>) {
    let eventTitle: string | null = null;
    if (row.eventId) {
      eventTitle =
        titles?.get(row.eventId) ??
        (await calendarQueries.findEvent(db, row.eventId))?.title ??
        null;
    }
    return {
      id: row.id,
      description: row.description,
      ...shownCode(row),
      kind: row.kind === 'amount' ? ('amount' as const) : ('percent' as const),
      eventTitle,
      uses: row.uses,
      status: statusOf(row, this.clock.now()),
    };
  }

  async list(): Promise<PromoCodeList> {
    const rows = await q.listCodes(this.db);
    const titles = new Map<string, string>();
    for (const id of new Set(rows.flatMap((r) => (r.eventId ? [r.eventId] : [])))) {
      const event = await calendarQueries.findEvent(this.db, id);
      if (event) titles.set(id, event.title);
    }
    const codes = await Promise.all(rows.map((r) => this.view(this.db, r, titles)));
    return {
      currency: await chamberCurrency(this.db),
      timezone: await chamberZone(this.db),
      codes,
    };
  }

  /** The code's event exists (a single event or a series) and its types are the event's. */
  private async checkTarget(values: PromoCodeValues): Promise<void> {
    if (!values.eventId) return;
    const event = await calendarQueries.findEvent(this.db, values.eventId);
    if (!event) throw new AppError('not_found', 'Event not found');
    if (values.ticketTypeIds.length === 0) return;
    const { types } = await this.ticketTypes.list(values.eventId, null);
    const known = new Set(types.map((t) => t.id));
    if (values.ticketTypeIds.some((id) => !known.has(id))) {
      throw new AppError('bad_request', 'Choose ticket types of the code’s event');
    }
  }

  private rowValues(values: PromoCodeValues) {
    return {
      code: values.code,
      description: values.description,
      kind: values.kind,
      percentOff: values.kind === 'percent' ? values.percentOff : null,
      amountOffCents: values.kind === 'amount' ? values.amountOffCents : null,
      eventId: values.eventId,
      ticketTypeIds: values.eventId ? [...new Set(values.ticketTypeIds)] : [],
      usageLimit: values.usageLimit,
      validFrom: values.validFrom ? new Date(values.validFrom) : null,
      validUntil: values.validUntil ? new Date(values.validUntil) : null,
      membersOnly: values.membersOnly,
    };
  }

  private taken(code: string) {
    return new AppError('conflict', `There is already a promo code ${code.toUpperCase()}.`);
  }

  async create(values: PromoCodeValues, actor: Session): Promise<PromoCode> {
    await this.checkTarget(values);
    try {
      return await this.db.transaction(async (tx) => {
        const row = await q.insertCode(tx, this.rowValues(values));
        await recordAudit(tx, {
          actorId: actor.user.id,
          actorEmail: actor.user.email,
          action: 'promo_code.create',
          targetType: 'promo_code',
          targetId: row.id,
          targetLabel: row.code,
          after: shownCode(row),
        });
        return this.view(tx, row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.taken(values.code);
      throw err;
    }
  }

  async update(id: string, values: PromoCodeValues, actor: Session): Promise<PromoCode> {
    if (!isUuid(id)) throw codeNotFound();
    await this.checkTarget(values);
    try {
      return await this.db.transaction(async (tx) => {
        const before = await q.lockCode(tx, id);
        if (!before) throw codeNotFound();
        if (values.usageLimit !== null && values.usageLimit < before.uses) {
          throw new AppError(
            'conflict',
            `The code was used ${before.uses} times: its limit cannot be lower.`,
          );
        }
        const after = await q.updateCode(tx, id, {
          ...this.rowValues(values),
          updatedAt: this.clock.now(),
        });
        await recordAudit(tx, {
          actorId: actor.user.id,
          actorEmail: actor.user.email,
          action: 'promo_code.update',
          targetType: 'promo_code',
          targetId: id,
          targetLabel: after.code,
          before: shownCode(before),
          after: shownCode(after),
        });
        return this.view(tx, after);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.taken(values.code);
      throw err;
    }
  }

  /** Staff end a code: refused from now on, its uses kept. */
  async end(id: string, actor: Session): Promise<PromoCode> {
    if (!isUuid(id)) throw codeNotFound();
    return this.db.transaction(async (tx) => {
      const before = await q.lockCode(tx, id);
      if (!before) throw codeNotFound();
      const now = this.clock.now();
      const after = before.endedAt
        ? before
        : await q.updateCode(tx, id, { endedAt: now, updatedAt: now });
      if (!before.endedAt) {
        await recordAudit(tx, {
          actorId: actor.user.id,
          actorEmail: actor.user.email,
          action: 'promo_code.end',
          targetType: 'promo_code',
          targetId: id,
          targetLabel: after.code,
        });
      }
      return this.view(tx, after);
    });
  }

  /** A code never used may be deleted; a used one is ended instead (its uses are records). */
  async remove(id: string, actor: Session): Promise<void> {
    if (!isUuid(id)) throw codeNotFound();
    await this.db.transaction(async (tx) => {
      const row = await q.lockCode(tx, id);
      if (!row) throw codeNotFound();
      if (row.uses > 0) {
        throw new AppError(
          'conflict',
          `The code was used ${row.uses} ${row.uses === 1 ? 'time' : 'times'}: end it instead of deleting it.`,
        );
      }
      await q.deleteCode(tx, id);
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action: 'promo_code.delete',
        targetType: 'promo_code',
        targetId: id,
        targetLabel: row.code,
        before: shownCode(row),
      });
    });
  }

  /** POST /events/{id}/promo-codes/check: what the code (and the plan's benefits) take off. */
  async check(
    eventId: string,
    input: PromoCheckInput,
    session: Session | null,
  ): Promise<PromoCheck> {
    // Resolved once, for the types and the discounts alike.
    const target = await resolveTarget(this.db, eventId);
    const { types } = await this.ticketTypes.listFor(target, session);
    const byId = new Map(types.map((t) => [t.id, t]));
    const lines: OrderLine[] = input.items.map((item) => {
      const type = byId.get(item.typeId);
      if (!type) throw new AppError('bad_request', 'Choose ticket types of this event');
      return {
        typeId: type.id,
        name: type.name,
        quantity: item.quantity,
        seatsPerTicket: type.seatsPerTicket,
        unitCents: type.viewerPriceCents ?? 0,
      };
    });
    const answer = await discountsFor(this.db, {
      event: discountEventOf(target, eventId),
      lines,
      viewer: viewerOf(session),
      promoCode: input.code,
      at: this.clock.now(),
    });
    if ('error' in answer) {
      return { applies: false, reason: answer.error.code, message: answer.error.message };
    }
    const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
    const off = answer.lines.reduce((sum, l) => sum + l.discountCents, 0);
    const promo = answer.discounts.find((d) => d.kind === 'promo');
    return {
      applies: true,
      code: input.code.toUpperCase(),
      lines: answer.lines,
      discounts: answer.discounts,
      subtotalCents,
      discountCents: promo?.amountCents ?? 0,
      totalCents: subtotalCents - off,
    };
  }

  /** GET /members/{id}/benefits: the business's people and staff; others are refused. */
  async memberBenefits(id: string, session: Session): Promise<MemberBenefits> {
    if (!isUuid(id)) throw new AppError('not_found', 'Member not found');
    const business = await businessForLogin(this.db, id, session.user.id);
    if (!business) throw new AppError('not_found', 'Member not found');
    if (!isStaff(session) && business.role === null) {
      throw new AppError('forbidden', "Only the business's people and staff see its benefits");
    }
    const plan = await planBenefitsOf(this.db, id);
    if (!plan) return { memberId: id, planName: null, current: false, benefits: [] };
    const now = this.clock.now();
    const zone = await chamberZone(this.db);
    const periods = plan.benefits.map((b) => periodKey(b.period, now, zone));
    const used = await q.usageOf(this.db, id, [...new Set(periods)]);
    return {
      memberId: id,
      planName: plan.planName,
      current: plan.current,
      benefits: plan.benefits.map((b, i) => {
        const u = used.get(`${b.id}/${periods[i]}`) ?? 0;
        return {
          id: b.id,
          kind: b.kind,
          label: b.label,
          count: b.count,
          period: b.period,
          periodKey: periods[i]!,
          used: u,
          left: plan.current ? Math.max(0, b.count - u) : 0,
          until: b.until,
        };
      }),
    };
  }
}
