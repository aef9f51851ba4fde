import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import type { ModuleDeps } from '../deps.js';
import { CockpitService } from './cockpit.js';

/**
 * Staff's cockpit: the admin dashboard's Today (the overview) and How the chamber is doing
 * (the insights). Admins only, as the dashboard is.
 */
export const cockpitRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const cockpit = new CockpitService(deps.db, deps.clock);

  contractRoute(
    app,
    endpoints.admin.overview,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Today: what needs doing, in memberships',
        description:
          'Renewals due in 30, 60 and 90 days with what they come to, open invoices and their total, payments this month, memberships in grace, approvals waiting, the next events with seats taken and waiting lists, and mail that failed.',
      },
    },
    async () => cockpit.overview(),
  );

  contractRoute(
    app,
    endpoints.admin.membersInsight,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Joins, renewals, lapses and members per month',
      },
    },
    async (request) => cockpit.members(request.query.months),
  );

  contractRoute(
    app,
    endpoints.admin.retentionInsight,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '12-month and first-year retention',
        description:
          '12-month: of the members a year ago, the share who are members today. First-year: of those who joined in the year before that day, the share who are members today. A member is covered by a paid term, or within the grace days after one, and not cancelled.',
      },
    },
    async () => cockpit.retention(),
  );

  contractRoute(
    app,
    endpoints.admin.revenueInsight,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Money received per month, by source (dues, tickets, other), less refunds',
      },
    },
    async (request) => cockpit.revenue(request.query.months),
  );

  contractRoute(
    app,
    endpoints.admin.attendanceInsight,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Past events: people registered and people checked in',
      },
    },
    async (request, reply) =>
      (await cockpit.attendanceAnswer(request.query.months)).send(request, reply),
  );

  contractRoute(
    app,
    endpoints.admin.atRisk,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Memberships due within 60 days with a low engagement score',
        description:
          'The score, 0 to 100: 10 per event checked in at in the last 12 months (at most 40), 5 per part of the listing filled in (description, logo, website, phone, address, opening hours), 15 for any deal, 15 for any job post. Listed below 40, lowest first.',
      },
    },
    async () => cockpit.atRisk(),
  );

  contractRoute(
    app,
    endpoints.admin.plansInsight,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Current members per plan',
      },
    },
    async () => cockpit.plans(),
  );
};
