import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatsSchema,
  apiErrorSchema,
  auditFilterSchema,
  auditListSchema,
  keptAnswersSchema,
  deleteUserResponseSchema,
  exportUsersQuerySchema,
  listAuditQuerySchema,
  listSubmissionsQuerySchema,
  listUsersQuerySchema,
  submissionListSchema,
  updateUserSchema,
  updateUserStatusSchema,
  userListSchema,
  userResponseSchema,
} from '@chamber/contract';
import { mediaResponse } from '../../lib/openapi-media.js';
import { idParams } from '../../lib/route-schemas.js';
import { keptAnswerStats } from '../../lib/versioned-cache.js';
import { accountServices, type AuthService } from '../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { exportRoster } from '../members/index.js';
import { SubmissionsService } from '../site/index.js';
import { type AdminMembershipChanges, AdminService } from './service.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const changeErrors = { 400: apiErrorSchema, ...denied, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The admin dashboard (docs/product.md#api-calls Admin): users, stats, the audit log and the native forms'
 * messages. Every route is for admins only (`access`).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { auth: AuthService; memberships: AdminMembershipChanges }
> = async (app, deps) => {
  const admin = new AdminService(
    deps.db,
    deps.clock,
    accountServices(deps).accounts,
    deps.memberships,
  );
  const submissions = new SubmissionsService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    app.log,
  );

  app.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Logins, newest first, 25 a page',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  app.put(
    '/admin/users/:id',
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Save the edit dialog',
        description:
          'Business name, website, tier and payment status are the linked contact’s (one is created when they are set on a login without one). The last active admin cannot be demoted or suspended (409); nobody can suspend themselves (403).',
        params: idParams,
        body: updateUserSchema,
        response: { 200: userResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      user: await admin.updateUser(request.session!, request.params.id, request.body),
    }),
  );

  app.patch(
    '/admin/users/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Activate or suspend a user; suspension ends their sessions at once',
        params: idParams,
        body: updateUserStatusSchema,
        response: { 200: userResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      user: await admin.setStatus(request.session!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a user, their directory listing and their event registrations',
        params: idParams,
        response: { 200: deleteUserResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      await admin.deleteUser(request.session!, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );

  app.get(
    '/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts of users by status, role and membership tier',
        response: { 200: adminStatsSchema, ...denied },
      },
    },
    async () => admin.stats(),
  );

  app.get(
    '/admin/kept-answers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The kept-answer caches' hits, misses and size in this process",
        description:
          'For sizing the caches by what they save: per cache, the answers held and their bytes, the limits, and since start how many requests were answered from it (hits), computed their answer (misses) and how many answers were dropped for room (evictions). Counts of this process only.',
        response: { 200: keptAnswersSchema, ...denied },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { caches: keptAnswerStats() };
    },
  );

  app.get(
    '/admin/exports/contacts.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The directory's businesses and their people as CSV",
        description:
          'One row per person of each business (the business’s columns repeated, then the person’s title, role and the business id), in the columns the roster import reads, so the file re-imports into the same businesses with no change. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).',
        response: { 200: mediaResponse('The contacts as CSV', ['text/csv']), ...denied },
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

  app.get(
    '/admin/exports/users.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The user list as CSV',
        description:
          "Every account the user list's filters match (search, role, status), newest first, with the admin view's fields. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).",
        querystring: exportUsersQuerySchema,
        response: {
          200: mediaResponse('The accounts as CSV', ['text/csv']),
          400: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .header('cache-control', 'private, no-store')
        .send(await admin.exportUsers(request.query)),
  );

  app.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of staff changes, newest first',
        description:
          'Each entry names its actor (their name today, or the address kept when the account is gone) and its record (its readable name at the time), and holds only the fields that changed, before and after (a record created or removed keeps its one side whole). Filters: `actor` (an account id), `entity` (the kind of record), `target` (one record id), `action`, `from` and `to` (days in the chamber’s time zone, both included) and `q` (words in the names, the action or the reason). `facets` lists what the filters offer. The same filters give the CSV at /admin/audit.csv.',
        querystring: listAuditQuerySchema,
        response: {
          200: {
            description:
              'The entries, or every matching entry as CSV with `format=csv` or `Accept: text/csv`',
            content: {
              'application/json': { schema: auditListSchema },
              'text/csv': { schema: z.string() },
            },
          },
          400: apiErrorSchema,
          ...denied,
        },
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

  app.get(
    '/admin/audit.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log as CSV',
        description:
          'Every entry the audit log’s filters match (the same as GET /admin/audit), newest first: when (the chamber’s time), who, the action, the record, its changes as ‘field: before → after’, and the reason. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).',
        querystring: auditFilterSchema,
        response: {
          200: mediaResponse('The audit log as CSV', ['text/csv']),
          400: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => sendAuditCsv(reply, await admin.exportAudit(request.query)),
  );

  app.get(
    '/admin/submissions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Messages and nominations from the native forms, newest first',
        querystring: listSubmissionsQuerySchema,
        response: {
          200: submissionListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
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
