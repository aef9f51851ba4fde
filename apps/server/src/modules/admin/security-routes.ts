import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { isUuid, notFound } from '../../lib/input.js';
import { requireSession } from '../../plugins/auth.js';
import { accountServices, type AuthService } from '../auth/index.js';
import type { ModuleDeps } from '../deps.js';

const admin = { access: 'admin' as const };

/**
 * How staff help with signing in: an account's reset link and two-factor reset
 * (/admin/users/{id}/password-reset, /admin/users/{id}/two-factor) and the chamber's sign-in
 * rules (/admin/security-settings). The rules are the auth module's; these routes call them.
 */
export const securityRoutes: FastifyPluginAsyncZod<ModuleDeps & { auth: AuthService }> = async (
  app,
  deps,
) => {
  const { passwordResets, twoFactor } = accountServices(deps);

  contractRoute(
    app,
    endpoints.admin.sendPasswordReset,
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['admin'],
        summary: 'Mail a user a link to choose a new password',
        description:
          'The user edit dialog’s “Send password reset link”. The link is the one a forgotten password gets; the password stays as it is until the user chooses a new one. Audited. A suspended account answers 409.',
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound('User');
      const answer = await passwordResets.sendByStaff(requireSession(request), request.params.id);
      return reply.status(202).send(answer);
    },
  );

  contractRoute(
    app,
    endpoints.admin.resetTwoFactor,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "Reset another account's two-factor sign-in",
        description:
          'For a member who lost their phone and recovery codes: the second factor and its recovery codes are removed, and the next sign-in needs the password only (or leads staff to enrol again, when required). `reset` is false when the account had none. Audited.',
      },
    },
    async (request) => twoFactor.reset(requireSession(request), request.params.id),
  );

  contractRoute(
    app,
    endpoints.admin.securitySettings,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "The chamber's sign-in rules",
      },
    },
    async () => twoFactor.settings(),
  );

  contractRoute(
    app,
    endpoints.admin.updateSecuritySettings,
    {
      config: admin,
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Require two-factor sign-in of admins and moderators, or not',
        description:
          'When on, an admin or moderator without two-factor sign-in is led to set it up at their next sign-in, and cannot turn it off. Sessions already signed in go on. Audited.',
      },
    },
    async (request) => twoFactor.updateSettings(requireSession(request), request.body),
  );
};
