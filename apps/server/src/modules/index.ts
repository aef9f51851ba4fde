import type { FastifyInstance } from 'fastify';
import type { Database } from '@chamber/db';
import type { Config } from '../config.js';
import { authRoutes } from './auth/routes.js';
import type { AuthService } from './auth/service.js';
import { siteRoutes } from './site/routes.js';

export interface ModuleDeps {
  db: Database;
  config: Config;
  auth: AuthService;
}

/** Every feature module, registered under /api from this one list. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(siteRoutes, deps);
      await api.register(authRoutes, deps);
    },
    { prefix: '/api' },
  );
}
