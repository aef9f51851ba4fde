import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { keptAnswerStats } from '../../lib/versioned-cache.js';
import { accountServices, type AuthService } from '../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { exportRoster } from '../members/index.js';
import { SubmissionsService } from '../site/index.js';
import { type AdminMembershipChanges, AdminService, type AdminTicketCounts } from './service.js';

/**
 * The admin dashboard (docs/product.md#api-calls Admin): users, stats, the audit log and the native forms'
 * messages. Every route is for admins only (`access`).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<
  ModuleDeps & {
    auth: AuthService;
    memberships: AdminMembershipChanges;
    ticketCounts?: AdminTicketCounts;
  }
> = async (app, deps) => {
  const admin = new AdminService(
    deps.db,
    deps.clock,
    accountServices(deps).accounts,
    deps.memberships,
    deps.ticketCounts ?? null,
  );
  const submissions = new SubmissionsService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    app.log,
  );

  contractRoute(
    app,
    endpoints.admin.listUsers,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Logins, newest first, 25 a page',
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  contractRoute(
    app,
    endpoints.admin.updateUser,
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Save the edit dialog',
        description:
          'Business name, website, tier and payment status are the linked contact’s (one is created when they are set on a login without one). The last active admin cannot be demoted or suspended (409); nobody can suspend themselves (403).',
      },
    },
    async (request) => ({
      user: await admin.updateUser(request.session!, request.params.id, request.body),
    }),
  );

  contractRoute(
    app,
    endpoints.admin.setUserStatus,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Activate or suspend a user; suspension ends their sessions at once',
      },
    },
    async (request) => ({
      user: await admin.setStatus(request.session!, request.params.id, request.body),
    }),
  );

  contractRoute(
    app,
    endpoints.admin.deleteUser,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a user, their directory listing and their event registrations',
      },
    },
    async (request) => {
      await admin.deleteUser(request.session!, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );

  contractRoute(
    app,
    endpoints.admin.stats,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts of users by status, role and membership tier',
      },
    },
    async () => admin.stats(),
  );

  contractRoute(
    app,
    endpoints.admin.keptAnswers,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The kept-answer caches' hits, misses and size in this process",
        description:
          'For sizing the caches by what they save: per cache, the answers held and their bytes, the limits, and since start how many requests were answered from it (hits), computed their answer (misses) and how many answers were dropped for room (evictions). Counts of this process only.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { caches: keptAnswerStats() };
    },
  );

  contractRoute(
    app,
    endpoints.admin.contactsCsv,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The directory's businesses and their people as CSV",
        description:
          'One row per person of each business (the business’s columns repeated, then the person’s title, role and the business id), in the columns the roster import reads, so the file re-imports into the same businesses with no change. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).',
      },
    },
    async (_request, reply) => {
      const { csv } = await exportRoster(deps.db);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contacts.csv"')
          // Members' personal details: never kept by a shared cache or the browser.
          .header('cache-control', 'private, no-store')
          .send(csv)
      );
    },
  );

  contractRoute(
    app,
    endpoints.admin.usersCsv,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The user list as CSV',
        description:
          "Every account the user list's filters match (search, role, status), newest first, with the admin view's fields. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).",
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .header('cache-control', 'private, no-store')
        .send(await admin.exportUsers(request.query)),
  );

  contractRoute(
    app,
    endpoints.admin.audit,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of staff changes, newest first',
        description:
          'Each entry names its actor (their name today, or the address kept when the account is gone) and its record (its readable name at the time), and holds only the fields that changed, before and after (a record created or removed keeps its one side whole). Filters: `actor` (an account id), `entity` (the kind of record), `target` (one record id), `action`, `from` and `to` (days in the chamber’s time zone, both included) and `q` (words in the names, the action or the reason). `facets` lists what the filters offer. The same filters give the CSV at /admin/audit.csv.',
      },
    },
    async (request, reply) => {
      const { limit: _limit, offset: _offset, format, ...filter } = request.query;
      if (format === 'csv' || (format === undefined && prefersCsv(request.headers.accept))) {
        return sendAuditCsv(reply, await admin.exportAudit(filter));
      }
      return admin.audit(request.query);
    },
  );

  contractRoute(
    app,
    endpoints.admin.auditCsv,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log as CSV',
        description:
          'Every entry the audit log’s filters match (the same as GET /admin/audit), newest first: when (the chamber’s time), who, the action, the record, its changes as ‘field: before → after’, and the reason. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).',
      },
    },
    async (request, reply) => sendAuditCsv(reply, await admin.exportAudit(request.query)),
  );

  contractRoute(
    app,
    endpoints.admin.submissions,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Messages and nominations from the native forms, newest first',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return submissions.list(request.query);
    },
  );
};

/** Whether an Accept header asks for CSV before JSON (a spreadsheet's or a script's request). */
function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = accept.indexOf('text/csv');
  const json = accept.indexOf('application/json');
  return csv !== -1 && (json === -1 || csv < json);
}

function sendAuditCsv(reply: FastifyReply, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="audit-log.csv"')
    .header('cache-control', 'private, no-store')
    .send(csv);
}
