import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  cancelledRegistrationSchema,
  managedRegistrationSchema,
  REGISTRATION_TOKEN_HEADER,
  registrationTokenHeadersSchema,
  updateManagedRegistrationSchema,
} from '@chamber/contract';
import type { ModuleDeps } from '../index.js';
import type { EventMail } from './event-mail.js';
import { RegistrationManageService } from './registration-manage.js';

const tags = ['calendar'];
const token = (request: FastifyRequest) =>
  (request.headers as Record<string, string>)[REGISTRATION_TOKEN_HEADER]!;
// The registrant's own details: never kept by any cache.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const proof = `The token of the manage link from the registration mail, in the \`${REGISTRATION_TOKEN_HEADER}\` header (never in the address, so it reaches no log). A token that names no registration (wrong, replaced by a newer mail, or cancelled) answers 404; a malformed one 400. No session is needed, and a session gives no access.`;

/** A registration reached through the manage link in its mail: read, change, cancel. */
export const registrationManageRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { mail: EventMail }
> = async (app, deps) => {
  const manage = new RegistrationManageService(deps.db, deps.clock, deps.throttle, deps.mail);
  const logMailError = (request: FastifyRequest, err: unknown) => {
    if (err) request.log.error({ err }, 'registration mail not sent');
  };

  app.get(
    '/registrations/manage',
    {
      schema: {
        tags,
        summary: 'A registration through its manage link: the registration and its event',
        description: `${proof} \`canChange\` is false once the event has started or was cancelled.`,
        headers: registrationTokenHeadersSchema,
        response: { 200: managedRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.read(token(request));
    },
  );

  app.put(
    '/registrations/manage',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Change a registration through its manage link: name, party size, phone, notes',
        description: `${proof} The whole form is sent; the email cannot change (another address is another registration). A confirmation is mailed. Closed (400) once the event has started or was cancelled. Shares the registration throttle of the address (429).`,
        headers: registrationTokenHeadersSchema,
        body: updateManagedRegistrationSchema,
        response: { 200: managedRegistrationSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { result, mailError } = await manage.update(token(request), request.body, request.ip);
      logMailError(request, mailError);
      return result;
    },
  );

  app.delete(
    '/registrations/manage',
    {
      schema: {
        tags,
        summary: 'Cancel a registration through its manage link',
        description: `${proof} The registration is removed and the address is mailed that it is cancelled; the link stops working. Closed (400) once the event has started or was cancelled.`,
        headers: registrationTokenHeadersSchema,
        response: { 200: cancelledRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { result, mailError } = await manage.cancel(token(request));
      logMailError(request, mailError);
      return result;
    },
  );
};
