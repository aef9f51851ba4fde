import type {
  AttendanceInsight,
  MembersInsight,
  Overview,
  PlansInsight,
  RetentionInsight,
  RevenueInsight,
} from '@chamber/contract';
import { json, type Route } from './fake-api';

/** The cockpit's figures as a small chamber would have them. */
export const overviewAnswer: Overview = {
  today: '2026-03-10',
  currency: 'USD',
  members: { current: 35, grace: 2 },
  renewalsDue: [
    { withinDays: 30, count: 3, amountCents: 90_000 },
    { withinDays: 60, count: 5, amountCents: 150_000 },
    { withinDays: 90, count: 8, amountCents: 260_000 },
  ],
  openInvoices: { count: 4, totalCents: 120_000, overdue: 1 },
  paymentsThisMonth: { count: 6, amountCents: 180_000, refundedCents: 0 },
  approvals: { jobPosts: 2, newMembers: 1 },
  upcomingEvents: [
    {
      eventId: 'ev-1',
      id: 'ev-1',
      title: 'Spring Mixer',
      startsAt: '2026-03-15T01:00:00.000Z',
      seatsTaken: 40,
      capacity: 40,
      waiting: 3,
    },
  ],
  failedMail: 1,
};

const members: MembersInsight = {
  months: [
    { month: '2026-02', joins: 2, renewals: 3, lapses: 1, members: 34 },
    { month: '2026-03', joins: 1, renewals: 1, lapses: 0, members: 35 },
  ],
};
const retention: RetentionInsight = {
  today: '2026-03-10',
  since: '2025-03-10',
  twelveMonth: { base: 30, retained: 24, rate: 0.8 },
  firstYear: { base: 5, retained: 4, rate: 0.8 },
};
const revenue: RevenueInsight = {
  currency: 'USD',
  months: [
    { month: '2026-03', duesCents: 90_000, ticketsCents: 4_000, otherCents: 0, totalCents: 94_000 },
  ],
};
const attendance: AttendanceInsight = {
  events: [
    {
      id: 'ev-0',
      title: 'Winter Breakfast',
      startsAt: '2026-03-01T15:00:00.000Z',
      registered: 30,
      checkedIn: 26,
    },
  ],
};
const plans: PlansInsight = {
  plans: [{ planId: 'p-1', name: 'Basic', level: 'standard', members: 35 }],
};

/** The fake API's routes of the admin dashboard's Overview. */
export const cockpitRoutes: Record<string, Route> = {
  'GET /admin/overview': () => json(200, overviewAnswer),
  'GET /admin/insights/members': () => json(200, members),
  'GET /admin/insights/retention': () => json(200, retention),
  'GET /admin/insights/revenue': () => json(200, revenue),
  'GET /admin/insights/attendance': () => json(200, attendance),
  'GET /admin/insights/plans': () => json(200, plans),
};
