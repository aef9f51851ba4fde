import type { MembershipPlan, MembershipPlanList, UpdateMembershipPlan } from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import * as q from './plans-queries.js';

const planNotFound = () => new AppError('not_found', 'Membership plan not found');

function toPlan(row: q.PlanRow, currency: string): MembershipPlan {
  return {
    id: row.id,
    level: row.level,
    name: row.name,
    slug: row.slug,
    description: row.description,
    priceCents: row.priceCents,
    currency,
    benefits: row.benefits,
    highlights: row.highlights,
    ticketBenefits: row.ticketBenefits,
    featured: row.featured,
    available: row.available,
  };
}

/** The fields an edit may change, as the audit log compares them. */
const edited = (row: q.PlanRow) => ({
  name: row.name,
  description: row.description,
  priceCents: row.priceCents,
  benefits: row.benefits,
  highlights: row.highlights,
  ticketBenefits: row.ticketBenefits,
  available: row.available,
  featured: row.featured,
});

/**
 * Membership plans as data: everyone reads them, admins edit their names, prices, texts and
 * whether they are offered. A plan's level (the features it unlocks) is fixed: the three
 * levels' gates live in code.
 */
export class MembershipPlansService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(db: Executor = this.db): Promise<MembershipPlan[]> {
    const [rows, currency] = await Promise.all([q.listPlans(db), q.chamberCurrency(db)]);
    return rows.map((row) => toPlan(row, currency));
  }

  /** GET /membership-plans: the plans, and whether staff confirm new members once paid. */
  async listAnswer(): Promise<MembershipPlanList> {
    const [plans, staffApproveNewMembers] = await Promise.all([
      this.list(),
      q.staffApproveNewMembers(this.db),
    ]);
    return { plans, staffApproveNewMembers };
  }

  /**
   * PUT /admin/membership-plans/{id}. One plan at a time is 'Most Popular': featuring one
   * takes the mark off the others, each change in the audit log. A new price applies to
   * invoices issued from now on; issued ones keep theirs.
   */
  async update(actor: Session, id: string, body: UpdateMembershipPlan): Promise<MembershipPlan> {
    if (!isUuid(id)) throw planNotFound();
    return this.db.transaction(async (tx) => {
      const before = await q.lockPlan(tx, id);
      if (!before) throw planNotFound();
      const now = this.clock.now();
      const unfeatured = body.featured ? await q.unfeatureOthers(tx, id, now) : [];
      const { ticketBenefits, ...fields } = body;
      const after = await q.updatePlan(tx, id, {
        ...fields,
        ...(ticketBenefits ? { ticketBenefits } : {}),
        updatedAt: now,
      });
      const was = edited(before) as Record<string, unknown>;
      const is = edited(after) as Record<string, unknown>;
      const changed = Object.keys(is).filter(
        (k) => JSON.stringify(was[k]) !== JSON.stringify(is[k]),
      );
      const audit = { actorId: actor.user.id, actorEmail: actor.user.email };
      await recordAudit(tx, {
        ...audit,
        action: 'membership_plan.update',
        targetType: 'membership_plan',
        targetId: id,
        targetLabel: after.name,
        before: Object.fromEntries(changed.map((k) => [k, was[k]])),
        after: Object.fromEntries(changed.map((k) => [k, is[k]])),
      });
      for (const other of unfeatured) {
        await recordAudit(tx, {
          ...audit,
          action: 'membership_plan.update',
          targetType: 'membership_plan',
          targetId: other.id,
          targetLabel: other.name,
          before: { featured: true },
          after: { featured: false },
        });
      }
      return toPlan(after, await q.chamberCurrency(tx));
    });
  }
}
