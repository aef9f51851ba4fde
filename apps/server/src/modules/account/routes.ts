import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { PeopleService } from '../members/index.js';
import type { AccountService } from './service.js';

/** GET /account: the member hub; the businesses a sign-in is a person of, and which it acts for. */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  people: PeopleService;
}> = async (app, { account, people }) => {
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

  contractRoute(
    app,
    endpoints.account.businesses,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The businesses the signed-in login is one of the people of',
        description:
          'Each with the login’s role in it and `acting` true for the one it acts for now (the profile’s `contactId`: member prices, deals and the hub are that business’s).',
      },
    },
    async (request) => people.businesses(requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.account.actFor,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Act for another of one’s businesses',
        description:
          'The profile’s `contactId` becomes `contactId`, one of the businesses the login is a person of (403 otherwise); its rights follow from the next request.',
      },
    },
    async (request) => people.actFor(requireSession(request), request.body.contactId),
  );
};
