import type { ModuleDeps } from '../deps.js';
import { AccountChangeService } from './account-changes.js';
import { AccountService } from './accounts.js';
import { PasswordResetService } from './password-reset.js';
import type { AuthService } from './sign-in.js';
import { TwoFactorService } from './two-factor.js';

/**
 * The account services, built one way for every route file that uses them (this module's
 * and the admin module's): each reset link, address change and admin edit sets passwords and
 * saves logins through the same AccountService.
 */
export function accountServices(deps: ModuleDeps & { auth: AuthService }) {
  const accounts = new AccountService(deps.db, deps.clock, deps.mail, deps.outbox);
  return {
    accounts,
    passwordResets: new PasswordResetService(
      deps.db,
      deps.clock,
      deps.throttle,
      deps.outbox,
      accounts,
      deps.config,
    ),
    accountChanges: new AccountChangeService(
      deps.db,
      deps.clock,
      deps.throttle,
      deps.outbox,
      accounts,
      deps.config,
    ),
    twoFactor: new TwoFactorService(
      deps.db,
      deps.clock,
      deps.throttle,
      deps.config,
      deps.auth,
      deps.outbox,
    ),
  };
}

export type AccountServices = ReturnType<typeof accountServices>;
