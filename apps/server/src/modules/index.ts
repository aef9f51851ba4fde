import type { FastifyInstance } from 'fastify';
import type { Database } from '@chamber/db';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { EmbedOrigins } from '../lib/embed-origins.js';
import type { Mailer } from '../lib/mail/mailer.js';
import type { MailDelivery } from './onboarding/mail-delivery.js';
import type { Storage } from '../lib/storage.js';
import type { Throttle } from '../lib/throttle.js';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import type { AuthService } from './auth/service.js';
import { sessionsRoutes } from './auth/sessions-routes.js';
import { twoFactorRoutes } from './auth/two-factor-routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { mediaRoutes } from './media/routes.js';
import { membersRoutes } from './members/routes.js';
import { onboardingRoutes } from './onboarding/routes.js';
import { chamberRoutes } from './site/chamber-routes.js';
import { siteRoutes } from './site/routes.js';

export interface ModuleDeps {
  db: Database;
  config: Config;
  auth: AuthService;
  clock: Clock;
  storage: Storage;
  throttle: Throttle;
  mailer: Mailer;
  /** Mail sent after the answer has gone out; `app.flushMail()` waits for it. */
  delivery: MailDelivery;
  /** The chamber's embed origins, for the pages' Content-Security-Policy. */
  embeds: EmbedOrigins;
}

/** Every feature module, registered under /api from this one list. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(siteRoutes, deps);
      await api.register(chamberRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(sessionsRoutes, deps);
      await api.register(twoFactorRoutes, deps);
      await api.register(membersRoutes, deps);
      await api.register(onboardingRoutes, deps);
      await api.register(mediaRoutes, deps);
      await api.register(calendarRoutes, deps);
      await api.register(adminRoutes, deps);
    },
    { prefix: '/api' },
  );
}
