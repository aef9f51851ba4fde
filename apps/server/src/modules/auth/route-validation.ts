import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * The account forms show the server's message as it is, so a validation failure answers with
 * the first problem's own sentence ('Passwords do not match') rather than `field: problem`.
 */
export function rejectInvalid(request: FastifyRequest): void {
  const failure = request.validationError as
    (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!failure) return;
  const issues = failure.validation ?? [];
  throw new AppError('validation_failed', issues[0]?.message ?? failure.message);
}
