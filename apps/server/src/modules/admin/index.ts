/**
 * The admin module: the admin dashboard's routes, /admin/*: users, stats, exports, the audit
 * log and messages (routes.ts), sign-in help and rules (security-routes.ts), and outgoing
 * mail that failed (mail-routes.ts), and the approvals digest mailed to staff
 * (approvals-digest.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { cockpitRoutes } from './cockpit-routes.js';
import { mailRoutes } from './mail-routes.js';
import { dashboardRoutes } from './routes.js';
import { securityRoutes } from './security-routes.js';
import type { AdminMembershipChanges, AdminTicketCounts } from './service.js';

export type { AdminMembershipChanges } from './service.js';
export { queueApprovalsDigest, registerApprovalsDigest } from './approvals-digest.js';

export const adminRoutes: FastifyPluginAsyncZod<
  ModuleDeps & {
    auth: AuthService;
    memberships: AdminMembershipChanges;
    ticketCounts?: AdminTicketCounts;
  }
> = async (app, deps) => {
  await app.register(dashboardRoutes, deps);
  await app.register(securityRoutes, deps);
  await app.register(cockpitRoutes, deps);
  await app.register(mailRoutes, deps);
};
