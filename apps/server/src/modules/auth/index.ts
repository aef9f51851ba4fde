/**
 * The auth module: every /auth/* route. Sign-in and sessions (sign-in.ts), sign-up of new
 * and roster members (sign-up.ts), the own profile (profile.ts), and passwords and accounts
 * set outside the sign-in flow (accounts.ts: the command line, the reset flow and the admin
 * dashboard, built together in services.ts), two-factor sign-in (two-factor.ts) and the
 * account's list of signed-in devices (sessions.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../deps.js';
import { accountChangeRoutes } from './account-change-routes.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import { profileRoutes } from './profile-routes.js';
import { sessionsRoutes } from './sessions-routes.js';
import { signInRoutes } from './sign-in-routes.js';
export { oauthMetadataRoutes } from './sign-in-routes.js';
export { AccountMail } from './account-outbox.js';
import type { AuthService } from './sign-in.js';
import { signUpRoutes } from './sign-up-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** The app's AuthService comes in with the deps: the auth plugin resolves tokens with it too. */
export const authRoutes: FastifyPluginAsyncZod<ModuleDeps & { auth: AuthService }> = async (
  app,
  deps,
) => {
  await app.register(signInRoutes, deps);
  await app.register(signUpRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(passwordResetRoutes, deps);
  await app.register(accountChangeRoutes, deps);
  await app.register(sessionsRoutes, deps);
  await app.register(twoFactorRoutes, deps);
};

export { AuthService } from './sign-in.js';
export {
  AccountService,
  type AccountRef,
  type AdminMade,
  assertAddressFree,
  endSessions,
  type Notice,
  type PasswordSet,
} from './accounts.js';
export { hashPassword } from './password.js';
export { accountServices, type AccountServices } from './services.js';
export { pruneEmailCodes } from './sign-up.js';
export { pruneMfaChallenges } from './two-factor.js';
export {
  deleteExpiredEmailChanges,
  deleteExpiredPasswordResets,
} from './password-reset-queries.js';
