import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeError, isDatabaseUnavailable } from '../lib/db-errors.js';
import { AppError, OAuthError } from '../lib/errors.js';
import { INSUFFICIENT_SCOPE } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer errors of this route as RFC 6749 §5.2 (`error`, `error_description`). */
    oauthErrors?: boolean;
  }
}

interface Answer {
  status: number;
  error: string;
  message: string;
  issues?: { path: string; message: string }[];
  headers?: Record<string, string>;
}

function classify(err: FastifyError | Error): Answer {
  if (err instanceof AppError) {
    return { status: err.status, error: err.code, message: err.message, headers: err.headers };
  }
  if (err instanceof OAuthError) {
    return { status: err.status, error: err.error, message: err.description, headers: err.headers };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0];
    const where = err.validationContext === 'body' ? '' : ` in ${err.validationContext}`;
    return {
      status: 400,
      error: 'validation_failed',
      message: first ? `${first.path || 'request'}${where}: ${first.message}` : 'Invalid request',
      issues,
    };
  }
  const fe = err as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, error: 'payload_too_large', message: 'Request body is too large.' };
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, error: 'unsupported_media_type', message: 'Send the body as JSON.' };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Request body is not valid JSON.'
        : fe.message;
    return { status: fe.statusCode, error: 'bad_request', message };
  }
  if (isDatabaseUnavailable(err)) {
    // The database restarts, went away or refuses connections: worth a retry, not a bug.
    return {
      status: 503,
      error: 'database_unavailable',
      message:
        'The portal cannot reach its database at the moment. Please try again in a few seconds.',
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
    };
  }
  return { status: 500, error: 'internal_error', message: 'Something went wrong on our side.' };
}

/** Seconds a client is asked to wait when the database is away (an embedded one is back in about 2). */
const DATABASE_RETRY_AFTER_S = 5;

/** One handler: known errors become 4xx JSON, anything else a 500 with its details logged only. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const answer = classify(err);
    // An outage fails every request: the database layer warns once about it, each request
    // only notes why it was answered 503.
    if (answer.error === 'database_unavailable') {
      request.log.info({ status: 503, reason: describeError(err) }, answer.message);
    } else if (answer.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status: answer.status, error: answer.error }, answer.message);
    reply.status(answer.status).headers(answer.headers ?? {});
    // RFC 6750 §3.1: a signed-in call refused for want of a right says so to OAuth clients.
    if (answer.status === 403 && request.session && !reply.hasHeader('www-authenticate')) {
      reply.header('www-authenticate', INSUFFICIENT_SCOPE);
    }
    if (request.routeOptions.config.oauthErrors) {
      const error =
        answer.error === 'validation_failed' || answer.error === 'bad_request'
          ? 'invalid_request'
          : answer.error;
      reply.header('cache-control', 'no-store');
      return reply.send({ error, error_description: answer.message });
    }
    return reply.send({
      error: answer.error,
      message: answer.message,
      ...(answer.issues ? { issues: answer.issues } : {}),
    });
  });
});
