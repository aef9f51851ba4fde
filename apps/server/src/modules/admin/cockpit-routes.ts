import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  atRiskSchema,
  attendanceInsightSchema,
  insightsAttendanceQuerySchema,
  insightsMembersQuerySchema,
  insightsRevenueQuerySchema,
  membersInsightSchema,
  overviewSchema,
  plansInsightSchema,
  retentionInsightSchema,
  revenueInsightSchema,
} from '@chamber/contract';
import type { ModuleDeps } from '../deps.js';
import { CockpitService } from './cockpit.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const withQuery = { 400: apiErrorSchema, ...denied };

/**
 * Staff's cockpit: the admin dashboard's Today (the overview) and How the chamber is doing
 * (the insights). Admins only, as the dashboard is.
 */
export const cockpitRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const cockpit = new CockpitService(deps.db, deps.clock);

  app.get(
    '/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Today: what needs doing, in memberships',
        description:
          'Renewals due in 30, 60 and 90 days with what they come to, open invoices and their total, payments this month, memberships in grace, approvals waiting, the next events with seats taken and waiting lists, and mail that failed.',
        response: { 200: overviewSchema, ...denied },
      },
    },
    async () => cockpit.overview(),
  );

  app.get(
    '/admin/insights/members',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Joins, renewals, lapses and members per month',
        querystring: insightsMembersQuerySchema,
        response: { ...withQuery, 200: membersInsightSchema },
      },
    },
    async (request) => cockpit.members(request.query.months),
  );

  app.get(
    '/admin/insights/retention',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '12-month and first-year retention',
        description:
          '12-month: of the members a year ago, the share who are members today. First-year: of those who joined in the year before that day, the share who are members today. A member is covered by a paid term, or within the grace days after one, and not cancelled.',
        response: { 200: retentionInsightSchema, ...denied },
      },
    },
    async () => cockpit.retention(),
  );

  app.get(
    '/admin/insights/revenue',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Money received per month, by source (dues, tickets, other), less refunds',
        querystring: insightsRevenueQuerySchema,
        response: { ...withQuery, 200: revenueInsightSchema },
      },
    },
    async (request) => cockpit.revenue(request.query.months),
  );

  app.get(
    '/admin/insights/attendance',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Past events: people registered and people checked in',
        querystring: insightsAttendanceQuerySchema,
        response: { ...withQuery, 200: attendanceInsightSchema },
      },
    },
    async (request, reply) =>
      (await cockpit.attendanceAnswer(request.query.months)).send(request, reply),
  );

  app.get(
    '/admin/insights/at-risk',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Memberships due within 60 days with a low engagement score',
        description:
          'The score, 0 to 100: 10 per event checked in at in the last 12 months (at most 40), 5 per part of the listing filled in (description, logo, website, phone, address, opening hours), 15 for any deal, 15 for any job post. Listed below 40, lowest first.',
        response: { 200: atRiskSchema, ...denied },
      },
    },
    async () => cockpit.atRisk(),
  );

  app.get(
    '/admin/insights/plans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Current members per plan',
        response: { 200: plansInsightSchema, ...denied },
      },
    },
    async () => cockpit.plans(),
  );
};
