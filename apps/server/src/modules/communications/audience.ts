import type { CampaignAudience, MailTopic } from '@chamber/contract';
import { type SQL, sql } from 'drizzle-orm';
import { isAnyOf } from '../../lib/sql-lists.js';

/** The opt-out column of each topic in mail_preferences. */
export const optOutColumn = {
  newsletter: sql.raw('newsletter_opt_out'),
  announcements: sql.raw('announcements_opt_out'),
  'event-news': sql.raw('event_news_opt_out'),
} as const satisfies Record<MailTopic, SQL>;

/** One segment's addresses as rows of (email, name, person_id, contact_id). */
function segmentSql(segment: CampaignAudience['segments'][number]): SQL {
  switch (segment.kind) {
    case 'members': {
      const role =
        segment.role === 'primary'
          ? sql`and bp.role = 'primary'`
          : segment.role === 'billing'
            ? sql`and (bp.role = 'billing' or bp.receives_billing_mail)`
            : sql``;
      const plans =
        segment.planIds.length > 0
          ? sql`and ${isAnyOf(sql`m.plan_id`, segment.planIds, 'uuid')}`
          : sql``;
      return sql`select lower(trim(bp.email)) as email,
          trim(bp.first_name || ' ' || bp.last_name) as name, bp.id as person_id,
          bp.contact_id as contact_id
        from business_people bp join memberships m on m.contact_id = bp.contact_id
        where bp.email is not null
          and ${isAnyOf(sql`m.status::text`, segment.states, 'text')} ${plans} ${role}`;
    }
    case 'registrants':
      return sql`select lower(trim(r.email)) as email, r.name as name, null::uuid as person_id,
          null::uuid as contact_id
        from event_registrations r join events e on e.id = r.event_id
        where (e.id = ${segment.eventId}::uuid or e.series_id = ${segment.eventId}::uuid)
          and r.seat_status = 'confirmed' and r.email <> ''`;
    case 'subscribers':
      return sql`select email, '' as name, null::uuid as person_id, null::uuid as contact_id
        from newsletter_subscribers where confirmed_at is not null`;
  }
}

/**
 * Who an audience reaches now, as one query of (email, name, person_id, contact_id): the
 * union of its segments, each address once (a business person's row preferred, for the
 * name), less the suppressed addresses and those that left the topic. It is read as a count,
 * a sample, or inserted straight into campaign_recipients: no list is held in memory.
 */
export function audienceSql(audience: CampaignAudience, topic: MailTopic): SQL {
  const union = sql.join(
    audience.segments.map((s) => sql`(${segmentSql(s)})`),
    sql` union all `,
  );
  return sql`select distinct on (a.email) a.email, a.name, a.person_id, a.contact_id
    from (${union}) a
    where a.email like '_%@_%'
      and not exists (select 1 from mail_suppressions s
        where s.email = a.email and s.lifted_at is null)
      and not exists (select 1 from mail_preferences p
        where p.email = a.email and p.${optOutColumn[topic]})
    order by a.email, a.person_id nulls last, a.name desc`;
}
