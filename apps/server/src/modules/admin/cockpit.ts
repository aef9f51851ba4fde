import {
  addDays,
  AT_RISK_BELOW,
  type AtRisk,
  type AttendanceInsight,
  attendanceInsightSchema,
  dateKeyIn,
  type MembersInsight,
  type Overview,
  type PlansInsight,
  renewalWindows,
  type RetentionInsight,
  type RevenueInsight,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { JsonBody } from '../../lib/json-body.js';
import { KeptResponses } from '../../lib/kept-responses.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import * as q from './cockpit-queries.js';

const DAY = 86_400_000;
/** How far ahead the overview looks for events, and how many it shows. */
const EVENTS_AHEAD_DAYS = 60;
const EVENTS_SHOWN = 6;
/** How many of the next events a kept overview holds, so that some may begin before it moves. */
const EVENTS_KEPT = 24;

/** The first day of the month `months - 1` months before the month of `today`. */
export function firstMonthOf(today: string, months: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The same day a year earlier (29 February becomes 28 February). */
export function yearBefore(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const key = `${year - 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return month === 2 && day === 29 ? addDays(key, -1) : key;
}

/** How far ahead the at-risk list looks. */
const AT_RISK_DAYS = 60;

/**
 * The engagement score, 0 … 100: 10 per event checked in at in the last 12 months (at most
 * 40), 5 per part of the listing filled in (6 parts: 30), 15 for any deal, 15 for any job
 * post, and 5 per 25 views of the listing in the last 12 months (at most 10); 100 at most.
 */
export function engagementScore(e: {
  events: number;
  listing: number;
  deals: number;
  jobPosts: number;
  listingViews: number;
}): number {
  return Math.min(
    100,
    Math.min(e.events, 4) * 10 +
      Math.min(e.listing, 6) * 5 +
      (e.deals > 0 ? 15 : 0) +
      (e.jobPosts > 0 ? 15 : 0) +
      Math.min(Math.floor(e.listingViews / 25), 2) * 5,
  );
}

const ratio = (retained: number, base: number) => (base ? retained / base : null);

/**
 * Staff's cockpit: today's work (renewals due, open invoices, payments, grace, approvals,
 * events, failed mail) and how the chamber is doing (members, retention, revenue, attendance,
 * plans). Everything counts memberships, on the chamber's calendar day.
 */
export class CockpitService {
  /**
   * The insights and the overview's figures, kept per data version and day: everything they
   * read (memberships and the terms and history written with them, payments, events,
   * registrations, job posts, plans, settings) raises the data version. The overview's open
   * invoices and failed mail are read on each request: invoices and the outbox do not raise it.
   */
  private readonly kept = new VersionedCache<unknown>({ maxEntries: 64, name: 'insights' });
  /**
   * The attendance list as sent, serialized and compressed once: a year of a busy calendar is
   * thousands of events (several hundred kB), which every request would otherwise encode again.
   */
  private readonly answers: KeptResponses;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.answers = new KeptResponses(db, {
      name: 'insight answers',
      maxEntries: 8,
      maxSize: 16 * 1024 * 1024,
    });
  }

  private async keep<V>(key: string, compute: () => Promise<V>): Promise<V> {
    const version = await currentDataVersion(this.db);
    return this.kept.get(key, version, compute) as Promise<V>;
  }

  private async day() {
    const timeZone = await q.chamberTimeZone(this.db);
    return { timeZone, today: dateKeyIn(this.clock.now(), timeZone) };
  }

  async overview(): Promise<Overview> {
    const { today } = await this.day();
    const now = this.clock.now();
    // Kept per data version and day: the memberships' counts and the next events. The list
    // is read a few events long from when it was kept, and those already begun are left out
    // here, so a kept list stays right for the day while nothing changes.
    const [{ counts, events }, live] = await Promise.all([
      this.keep(`overview:${today}`, async () => {
        const [counts, events] = await Promise.all([
          q.overviewCounts(this.db, today, renewalWindows),
          q.upcomingEvents(
            this.db,
            now,
            new Date(now.getTime() + EVENTS_AHEAD_DAYS * DAY),
            EVENTS_KEPT,
          ),
        ]);
        return { counts, events };
      }),
      q.liveCounts(this.db, today),
    ]);
    const ahead = now.getTime() + EVENTS_AHEAD_DAYS * DAY;
    const upcoming = events
      .filter((e) => e.starts_at.getTime() >= now.getTime() && e.starts_at.getTime() < ahead)
      .slice(0, EVENTS_SHOWN);
    return {
      today,
      currency: counts.currency,
      members: { current: counts.current, grace: counts.grace },
      renewalsDue: counts.renewals,
      openInvoices: {
        count: live.openCount,
        totalCents: live.openCents,
        overdue: live.overdue,
      },
      paymentsThisMonth: {
        count: counts.paymentCount,
        amountCents: counts.paymentCents,
        refundedCents: counts.refundCents,
      },
      approvals: { jobPosts: counts.jobPosts, newMembers: counts.newMembers },
      upcomingEvents: upcoming.map((e) => ({
        eventId: e.event_id,
        id: e.occurrence_key ? `${e.event_id}_${e.occurrence_key}` : e.event_id,
        title: e.title,
        startsAt: e.starts_at.toISOString(),
        seatsTaken: e.taken,
        capacity: e.capacity,
        waiting: e.waiting,
      })),
      failedMail: live.failedMail,
    };
  }

  async members(months: number): Promise<MembersInsight> {
    const { timeZone, today } = await this.day();
    return this.keep(`members:${months}:${today}`, async () => ({
      months: await q.membersByMonth(this.db, timeZone, firstMonthOf(today, months), today),
    }));
  }

  async retention(): Promise<RetentionInsight> {
    const { timeZone, today } = await this.day();
    const since = yearBefore(today);
    const r = await this.keep(`retention:${today}`, () =>
      q.retention(this.db, timeZone, since, today),
    );
    return {
      today,
      since,
      twelveMonth: { base: r.base, retained: r.retained, rate: ratio(r.retained, r.base) },
      firstYear: {
        base: r.firstBase,
        retained: r.firstRetained,
        rate: ratio(r.firstRetained, r.firstBase),
      },
    };
  }

  async revenue(months: number): Promise<RevenueInsight> {
    const { today } = await this.day();
    const [rows, counts] = await Promise.all([
      this.keep(`revenue:${months}:${today}`, () =>
        q.revenueByMonth(this.db, firstMonthOf(today, months), today),
      ),
      this.currency(),
    ]);
    return {
      currency: counts,
      months: rows.map((r) => ({
        month: r.month,
        duesCents: r.dues,
        ticketsCents: r.tickets,
        otherCents: r.other,
        totalCents: r.dues + r.tickets + r.other,
      })),
    };
  }

  /** `attendance` as sent: kept per data version and hour (an event that starts joins). */
  async attendanceAnswer(months: number): Promise<JsonBody> {
    const hour = this.clock.now().toISOString().slice(0, 13);
    return this.answers.get(`attendance:${months}:${hour}`, attendanceInsightSchema, () =>
      this.attendance(months),
    );
  }

  async attendance(months: number): Promise<AttendanceInsight> {
    const now = this.clock.now();
    const from = new Date(now);
    from.setUTCMonth(from.getUTCMonth() - months);
    const rows = await q.attendance(this.db, from, now);
    return {
      events: rows.map((r) => ({
        id: r.occurrence_key ? `${r.event_id}_${r.occurrence_key}` : r.event_id,
        title: r.title,
        startsAt: r.starts_at.toISOString(),
        registered: r.registered,
        checkedIn: r.checked_in,
      })),
    };
  }

  /** Memberships due within 60 days whose engagement score is low, lowest first. */
  async atRisk(): Promise<AtRisk> {
    const { today } = await this.day();
    const since = new Date(this.clock.now());
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    const rows = await q.engagementOfDue(
      this.db,
      today,
      addDays(today, AT_RISK_DAYS),
      since,
      yearBefore(today),
    );
    const members = rows
      .map((r) => {
        const parts = {
          events: r.events,
          listing: r.listing,
          deals: r.deals,
          jobPosts: r.job_posts,
          listingViews: r.listing_views,
        };
        return {
          membershipId: r.membership_id,
          contactId: r.contact_id,
          businessName: r.business_name,
          phone: r.phone,
          email: r.email,
          paidThrough: r.paid_through,
          score: engagementScore(parts),
          eventsAttended: r.events,
          listingComplete: r.listing,
          deals: r.deals,
          jobPosts: r.job_posts,
          listingViews: r.listing_views,
        };
      })
      .filter((m) => m.score < AT_RISK_BELOW)
      .sort((a, b) => a.score - b.score || a.paidThrough.localeCompare(b.paidThrough));
    return { threshold: AT_RISK_BELOW, members };
  }

  async plans(): Promise<PlansInsight> {
    const rows = await this.keep('plans', () => q.membersByPlan(this.db));
    return {
      plans: rows.map((r) => ({
        planId: r.id,
        name: r.name,
        level: r.level as PlansInsight['plans'][number]['level'],
        members: r.members,
      })),
    };
  }

  private currency(): Promise<string> {
    return q.currency(this.db);
  }
}
