import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contactMessageSchema,
  listSubmissionsQuerySchema,
  locationWithEmbedsSchema,
  nominationSchema,
  submissionAcceptedSchema,
  submissionListSchema,
  updateLocationSchema,
} from '@chamber/contract';
import { requireRole } from '../../plugins/auth.js';
import type { ModuleDeps } from '../index.js';
import { getLocation, updateLocation } from './location.js';
import { listSubmissions, submit } from './submissions.js';

const locationParams = z.object({ locationId: z.string().min(1).max(64) });
const formErrors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** The chamber's record and the native forms of the public pages (spec §7, §8 Location info). */
export const chamberRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, config, clock } = deps;

  app.get(
    '/locations/:locationId',
    {
      schema: {
        tags: ['site'],
        summary: "The chamber's record, with the external forms its pages embed",
        params: locationParams,
        response: { 200: locationWithEmbedsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getLocation(db, request.params.locationId);
    },
  );

  app.put(
    '/locations/:locationId',
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['site'],
        summary: "Edit the chamber's record (admins; audited)",
        params: locationParams,
        body: updateLocationSchema,
        response: {
          200: locationWithEmbedsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      const updated = await updateLocation(
        db,
        clock,
        config.publicUrl,
        actor,
        request.params.locationId,
        request.body,
      );
      deps.embeds.invalidate();
      return updated;
    },
  );

  const formDeps = () => ({ ...deps, log: app.log });

  app.post(
    '/site/contact',
    {
      config: { idempotent: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['site'],
        summary: 'The native contact form: stored and mailed to the chamber',
        body: contactMessageSchema,
        response: { 201: submissionAcceptedSchema, ...formErrors },
      },
    },
    async (request, reply) => {
      await submit(formDeps(), { ...request.body, kind: 'contact' }, request.ip);
      return reply
        .status(201)
        .send({ message: 'Thank you for your message. We will get back to you soon.' });
    },
  );

  app.post(
    '/site/nominations',
    {
      config: { idempotent: true },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['site'],
        summary: 'The native nomination forms: stored and mailed to the chamber',
        body: nominationSchema,
        response: { 201: submissionAcceptedSchema, ...formErrors },
      },
    },
    async (request, reply) => {
      await submit(formDeps(), { ...request.body, kind: request.body.category }, request.ip);
      return reply.status(201).send({ message: 'Thank you for your nomination!' });
    },
  );

  app.get(
    '/admin/submissions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Messages and nominations from the native forms, newest first',
        querystring: listSubmissionsQuerySchema,
        response: {
          200: submissionListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubmissions(db, request.query);
    },
  );
};
