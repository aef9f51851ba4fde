import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { ChamberService } from '../chamber/index.js';
import type { ModuleDeps } from '../deps.js';
import { SubmissionsService } from './submissions.js';

/**
 * What the public site needs from the server: its start-up config (/config) and its native
 * forms (/site/contact, /site/nominations). Staff read the forms' messages at
 * /admin/submissions (the admin module).
 */
export const siteRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const chamber = new ChamberService(deps.db, deps.clock, deps.config);
  const submissions = new SubmissionsService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    app.log,
  );
  submissions.register();

  contractRoute(
    app,
    endpoints.site.getConfig,
    {
      config: { publicCache: true },
      schema: {
        tags: ['site'],
        summary: 'Public start-up configuration of the web app',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return chamber.startUp();
    },
  );

  contractRoute(
    app,
    endpoints.site.sendContactMessage,
    {
      config: { idempotent: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['site'],
        summary: 'The native contact form: stored and mailed to the chamber',
      },
    },
    async (request, reply) => {
      await submissions.submit({ ...request.body, kind: 'contact' }, request.ip);
      return reply
        .status(201)
        .send({ message: 'Thank you for your message. We will get back to you soon.' });
    },
  );

  contractRoute(
    app,
    endpoints.site.sendNomination,
    {
      config: { idempotent: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['site'],
        summary: 'The native nomination forms: stored and mailed to the chamber',
      },
    },
    async (request, reply) => {
      await submissions.submit({ ...request.body, kind: request.body.category }, request.ip);
      return reply.status(201).send({ message: 'Thank you for your nomination!' });
    },
  );
};
