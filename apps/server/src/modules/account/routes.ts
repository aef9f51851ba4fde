import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { AccountService } from './service.js';

/** GET /account: the member hub. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  contractRoute(
    app,
    endpoints.account.getAccount,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'My account: everything of the signed-in member’s in one place',
        description:
          'The signed-in login’s own: its business’s membership standing and next payment, open invoices (dues and tickets), upcoming registrations with their check-in codes and past ones of the last year with whether they were attended, the listing’s completeness with the steps left, its job posts and deals, and the membership’s year in figures (as GET /api/membership/value). A login without a member business gets its registrations only.',
      },
    },
    async (request) => account.hub(requireSession(request)),
  );
};
