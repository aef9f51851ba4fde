import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, membershipPlanListSchema } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { KeptResponses } from '../../lib/kept-responses.js';
import { requireRole } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { MembershipPlansService } from './plans.js';

/** The membership plans: read by every visitor, edited by admins (Admin → Membership plans). */
export const membershipPlansRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const plans = new MembershipPlansService(deps.db, deps.clock);
  // Every page with a price card asks for the plans: one answer, kept until the data changes
  // (the plans and the dues settings raise the data version).
  const kept = new KeptResponses(deps.db, { maxEntries: 1, maxSize: 256 * 1024 });

  contractRoute(
    app,
    endpoints.memberships.listPlans,
    {
      config: { publicCache: true },
      schema: {
        tags: ['memberships'],
        summary: 'The membership plans: names, yearly prices and benefits',
        description:
          'Lowest level first, including plans not offered for joining (`available: false`), whose members keep them. `level` is the feature level a plan unlocks (`standard | enhanced | elite`); `name` is what people read. Amounts are integer cents in `currency`.',
      },
    },
    async (request, reply) => {
      // The same for everyone, and an admin's edit must show at once: revalidated each time.
      reply.header('cache-control', 'no-cache');
      const body = await kept.get('plans', membershipPlanListSchema, () => plans.listAnswer());
      return body.send(request, reply);
    },
  );

  contractRoute(
    app,
    endpoints.memberships.updatePlan,
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['memberships'],
        summary: "Edit a membership plan's name, price, texts and availability (admins; audited)",
        description:
          'The level a plan unlocks cannot change. Marking a plan `featured` takes the mark off the others. A new price applies to invoices issued from then on; issued invoices keep their amounts.',
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      return { plan: await plans.update(actor, request.params.id, request.body) };
    },
  );
};
