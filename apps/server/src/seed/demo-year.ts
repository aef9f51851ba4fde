import { sql } from 'drizzle-orm';
import { addDays, dateKeyIn } from '@chamber/contract';
import type { Database } from '@chamber/db';
import { TIMEZONE } from './demo-data.js';

/**
 * A plausible year of listing views and clicks for every member business with a sign-in, so
 * /account reads like a real member's: a few views a day (more on weekdays, more for higher
 * tiers), one website visit in ten views, fewer phone taps, deal and job views where the
 * business has them. Drawn from a hash of the listing and the day, so every run draws the
 * same figures; days already counted are left as they are, so a rerun adds none.
 */
export async function seedDemoYear(db: Database, now: Date): Promise<string[]> {
  const to = dateKeyIn(now, TIMEZONE);
  const from = addDays(to, -364);
  const { rowCount } = await db.execute(sql`
    with listing as (
      select c.id, case c.membership_tier when 'elite' then 3 when 'enhanced' then 2 else 1 end as weight,
        exists (select 1 from deals d where d.contact_id = c.id) as has_deal,
        exists (select 1 from job_posts j where j.contact_id = c.id) as has_job
      from contacts c join users u on u.contact_id = c.id
    ), days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ), drawn as (
      select l.id, days.day, l.weight, l.has_deal, l.has_job,
        ('x' || substr(md5(l.id::text || days.day::text), 1, 8))::bit(32)::int & 1023 as r,
        case when extract(isodow from days.day) < 6 then 2 else 1 end as busy
      from listing l cross join days
    ), figures as (
      select id, day, 'listing_view'::listing_count_kind as kind, (r % 3) * weight * busy as n from drawn
      union all select id, day, 'website_click', case when r % 10 < weight then 1 else 0 end from drawn
      union all select id, day, 'phone_click', case when r % 29 = 0 then 1 else 0 end from drawn
      union all select id, day, 'deal_view', case when has_deal then r % 4 else 0 end from drawn
      union all select id, day, 'job_view', case when has_job then (r / 7) % 3 else 0 end from drawn
      union all select id, day, 'apply_click', case when has_job and r % 23 = 0 then 1 else 0 end from drawn
    )
    insert into listing_counts (contact_id, day, kind, count)
    select id, day, kind, n from figures where n > 0
    on conflict (contact_id, day, kind) do nothing`);
  return [`listing counts: ${rowCount ?? 0} daily totals over the past year`];
}
