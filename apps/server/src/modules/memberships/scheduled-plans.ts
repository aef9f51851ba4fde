import { sql } from 'drizzle-orm';
import { dateKeyIn } from '@chamber/contract';
import {
  contacts,
  type Database,
  membershipPlans,
  memberships,
  membershipTerms,
} from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import * as q from './queries.js';

/**
 * A renewal onto another plan (a downgrade) paid before its term starts leaves the member on
 * the plan they paid for until then; on the term's first day (the dues run) the plan changes,
 * with its history event and the contact's tier. Safe to repeat: a changed membership has no
 * next plan left.
 */
export async function startScheduledPlans(db: Database, clock: Clock): Promise<number> {
  const today = dateKeyIn(clock.now(), await q.chamberTimeZone(db));
  const now = clock.now();
  const result = await db.execute(sql`
    with due as (
      select m.id, m.plan_id as from_plan, m.next_plan_id as to_plan
      from ${memberships} m
      where m.next_plan_id is not null and m.status in ('active', 'grace')
        and m.next_plan_id = (
          select t.plan_id from ${membershipTerms} t
          where t.membership_id = m.id and t.starts_on <= ${today}::date
            and t.ends_on >= ${today}::date
          order by t.starts_on desc, t.created_at desc
          limit 1)
      for update of m skip locked
    ), changed as (
      update ${memberships} m
      set plan_id = due.to_plan, next_plan_id = null, updated_at = ${now}
      from due where m.id = due.id
      returning m.id, m.contact_id, m.plan_id
    ), history as (
      insert into membership_events (membership_id, kind, detail, at)
      select due.id, 'downgraded', jsonb_build_object('fromPlanId', due.from_plan, 'toPlanId', due.to_plan), ${now}
      from due
    ), standing as (
      update ${contacts} c
      set membership_tier = p.level, updated_at = ${now}
      from changed ch join ${membershipPlans} p on p.id = ch.plan_id
      where c.id = ch.contact_id
    )
    select id from changed`);
  return result.rowCount ?? 0;
}
