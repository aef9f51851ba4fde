import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { StaffBusinessesService } from './staff-businesses.js';

/** /admin/members: staff find any business on file, and put a prospect on file. */
export const staffBusinessRoutes: FastifyPluginAsyncZod<{
  businesses: StaffBusinessesService;
}> = async (app, { businesses }) => {
  contractRoute(
    app,
    endpoints.members.staffBusinesses,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['members', 'admin'],
        summary: 'Staff find any business on file, member or not',
        description:
          "Businesses whose name, primary person's name or email contains `search` (2 characters or more), by name, at most `limit` (10 by default, 20 at most). Unlike the directory it finds unlisted businesses and prospects (`member: false`: never had a membership).",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return businesses.search(request.query);
    },
  );

  contractRoute(
    app,
    endpoints.members.createProspect,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['members', 'admin'],
        summary: 'Staff put a new business on file as a prospect',
        description:
          'A contact without membership, not listed in the directory, its primary person named `contactName` with `email`. 409 when a business already has the email. The audit log records `business.prospect.create`.',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await businesses.createProspect(request.body, requireSession(request))),
  );
};
