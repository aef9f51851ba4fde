import {
  addDays,
  dateKeyIn,
  localDateTime,
  type MembershipValue,
  membershipValueSummary,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { sql } from 'drizzle-orm';

/** The year a membership's value is counted over: the 365 chamber days ending today. */
export function valueYear(now: Date, timeZone: string): { from: string; to: string } {
  const to = dateKeyIn(now, timeZone);
  return { from: addDays(to, -364), to };
}

/**
 * What the membership gave the business `contactId` over its last year: the events someone of
 * it was checked in at (by a login of the business, or an address of one of them or of the
 * listing), its listing's views, website and phone clicks, deal views, job post views and
 * 'Apply' clicks. One statement; the one function the hub, the renewal reminder and the
 * renewal invoice read (the invoice's year ends on its issue day, so its PDF reads the same
 * however often it is drawn).
 */
export async function membershipValue(
  db: Executor,
  contactId: string,
  /** The instant whose chamber day ends the year, or that day itself (an invoice's issue day). */
  endingOn: Date | string,
): Promise<MembershipValue> {
  const [chamber] = (
    await db.execute<{ timezone: string }>(sql`select timezone from locations limit 1`)
  ).rows;
  const timeZone = chamber?.timezone ?? 'America/Denver';
  const { from, to } =
    typeof endingOn === 'string'
      ? { from: addDays(endingOn, -364), to: endingOn }
      : valueYear(endingOn, timeZone);
  // The chamber's midnights that begin the first day and end the last.
  const start = zonedTimeToUtc(localDateTime(from, '00:00'), timeZone);
  const end = zonedTimeToUtc(localDateTime(addDays(to, 1), '00:00'), timeZone);
  const [row] = (
    await db.execute<Record<string, number>>(sql`
      with people as (
        select u.id, lower(u.email) as email from users u where u.contact_id = ${contactId}
      ), addresses as (
        select email from people
        union select lower(email) from contacts where id = ${contactId} and email is not null
      ), totals as (
        select kind, sum(count)::integer as n from listing_counts
        where contact_id = ${contactId} and day between ${from} and ${to}
        group by kind
      )
      select
        (select count(distinct (r.event_id, r.occurrence_key))::integer
           from event_registrations r
           where r.checked_in_at >= ${start.toISOString()}::timestamptz
             and r.checked_in_at < ${end.toISOString()}::timestamptz
             and (r.user_id in (select id from people)
               or (r.email <> '' and lower(r.email) in (select email from addresses)))
        ) as "eventsAttended",
        coalesce((select n from totals where kind = 'listing_view'), 0) as "listingViews",
        coalesce((select n from totals where kind = 'website_click'), 0) as "websiteClicks",
        coalesce((select n from totals where kind = 'phone_click'), 0) as "phoneClicks",
        coalesce((select n from totals where kind = 'deal_view'), 0) as "dealViews",
        coalesce((select n from totals where kind = 'job_view'), 0) as "jobViews",
        coalesce((select n from totals where kind = 'apply_click'), 0) as "applyClicks"`)
  ).rows;
  const figures = {
    eventsAttended: Number(row!.eventsAttended),
    listingViews: Number(row!.listingViews),
    websiteClicks: Number(row!.websiteClicks),
    phoneClicks: Number(row!.phoneClicks),
    dealViews: Number(row!.dealViews),
    jobViews: Number(row!.jobViews),
    applyClicks: Number(row!.applyClicks),
  };
  return { from, to, ...figures, summary: membershipValueSummary(figures) };
}
