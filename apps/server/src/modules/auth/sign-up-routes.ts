import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import type { ModuleDeps } from '../deps.js';
import { SignUpService } from './sign-up.js';

const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * These forms show the server's message as it is (docs/product.md#errors), so a validation failure answers
 * with the first problem's own sentence ('Passwords do not match') rather than the API's
 * usual `field: problem`; any problem with the address is the spec's one sentence.
 */
function rejectInvalid(request: FastifyRequest): void {
  const failure = request.validationError as
    (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!failure) return;
  const issues = failure.validation ?? [];
  const emailIssue = issues.find((i) => i.instancePath === '/email');
  const message = emailIssue ? INVALID_EMAIL : (issues[0]?.message ?? failure.message);
  throw new AppError('validation_failed', message);
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const tags = ['onboarding'];
const bodyLimit = 16 * 1024;

/**
 * Sign-up (the spec's onboarding): /auth/verify-contact, /auth/send-confirmation,
 * /auth/verify-confirmation, /auth/register-existing and /auth/register.
 */
export const signUpRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const signUp = new SignUpService(deps.db, deps.clock, deps.throttle, deps.outbox);
  signUp.registerMail();

  contractRoute(
    app,
    endpoints.auth.verifyContact,
    {
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Tell whether an address belongs to a roster contact that can be claimed',
        description:
          '`exists` is true for a contact without a login; an address that already has a login answers 409. Limited to 10 a client address every 15 minutes (429 with Retry-After).',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      noStore(reply);
      return signUp.verifyContact(request.body.email, request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.auth.sendConfirmation,
    {
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Mail a 6-digit confirmation code to a roster contact (a resend replaces it)',
        description:
          'Answers the same whether or not the address is on file, and mails only when it is. The code expires after 10 minutes. Limited to 3 an address every 15 minutes and 20 a client address an hour.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      noStore(reply);
      return signUp.sendConfirmation(request.body.email, request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.auth.verifyConfirmation,
    {
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Check a confirmation code; names the contact it proves and answers a claim token',
        description:
          'A code works once, for 10 minutes, and is dead after 5 wrong tries. A right code answers `claimToken`: register-existing needs it, for this address and contact, once, within 15 minutes (a later right code replaces it). Limited to 30 checks a client address every 15 minutes.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      noStore(reply);
      return signUp.verifyConfirmation(request.body.email, request.body.code, request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.auth.registerExisting,
    {
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create the login of a roster contact whose address was just confirmed',
        description:
          'Needs the `claimToken` that verify-confirmation answered for this address, within 15 minutes and once (403 without it, or when it is wrong, spent, expired, or for another address or contact). The login is active and linked to the contact; the code and the token are spent, and a password-changed notice is mailed. Limited to 10 a client address every 15 minutes (429 with Retry-After).',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const result = await signUp.registerExisting(request.body, request.ip);
      return noStore(reply).status(201).send(result);
    },
  );

  contractRoute(
    app,
    endpoints.auth.register,
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Register a new member: a directory contact and a pending login',
        description:
          'The login can sign in and edit its profile at once; the member is listed once staff activate it. An address with a login answers 409 `conflict`; one on the roster 409 `contact_on_file` (claim it with register-existing). Shares the verify-contact limit.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const result = await signUp.register(request.body, request.ip);
      return noStore(reply).status(201).send(result);
    },
  );
};
