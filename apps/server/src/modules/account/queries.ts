import { contacts, deals, type Executor, invoices, jobPosts } from '@chamber/db';
import { and, desc, eq, sql } from 'drizzle-orm';

export async function findListing(db: Executor, contactId: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  return row;
}

/** Open invoices of the business (dues, tickets and others), the oldest due first. */
export function openInvoices(db: Executor, contactId: string) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.contactId, contactId),
        eq(invoices.status, 'open'),
        eq(invoices.kind, 'invoice'),
      ),
    )
    .orderBy(invoices.dueOn);
}

export function listJobPosts(db: Executor, contactId: string) {
  return db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      status: jobPosts.status,
      closesOn: jobPosts.closesOn,
    })
    .from(jobPosts)
    .where(eq(jobPosts.contactId, contactId))
    .orderBy(desc(jobPosts.createdAt));
}

export function listDeals(db: Executor, contactId: string) {
  return db
    .select({ id: deals.id, offer: deals.offer, validUntil: deals.validUntil })
    .from(deals)
    .where(eq(deals.contactId, contactId))
    .orderBy(desc(deals.createdAt));
}

type RawRegistration = {
  id: string;
  event_id: string;
  occurrence_key: string;
  title: string;
  location: string;
  starts_ms: number | string;
  guests: number;
  seat_status: string;
  checked_in: boolean;
  invoice_id: string | null;
  invoice_number: string | null;
  invoice_status: string | null;
};

export type RegistrationRow = Omit<RawRegistration, 'starts_ms'> & { startsAt: Date };

/**
 * The login's registrations (made signed in, or with its address) for occurrences from a year
 * ago on, with each occurrence's start: a single event's own, or the one its key names.
 */
export async function listRegistrations(
  db: Executor,
  user: { id: string; email: string },
  since: Date,
): Promise<RegistrationRow[]> {
  const { rows } = await db.execute<RawRegistration>(sql`
    select *, extract(epoch from starts_at) * 1000 as starts_ms from (
      select r.id, r.event_id, r.occurrence_key, e.title, e.location, r.guests, r.seat_status,
        r.checked_in_at is not null as checked_in, r.invoice_id, i.number as invoice_number, i.status as invoice_status,
        case when r.occurrence_key = '' then e.start_time
          else (regexp_replace(r.occurrence_key,
            '^(\\d{4})(\\d\\d)(\\d\\d)T(\\d\\d)(\\d\\d)(\\d\\d)Z$', '\\1-\\2-\\3 \\4:\\5:\\6')
            )::timestamp at time zone 'UTC'
        end as starts_at
      from event_registrations r
      join events e on e.id = r.event_id
      left join invoices i on i.id = r.invoice_id
      where (r.user_id = ${user.id} or (r.email <> '' and lower(r.email) = lower(${user.email})))
        and r.seat_status <> 'lapsed'
    ) x
    where starts_at >= ${since.toISOString()}::timestamptz
    order by starts_at`);
  return rows.map(({ starts_ms, ...row }) => ({ ...row, startsAt: new Date(Number(starts_ms)) }));
}
