import { ApiError } from '@/lib/api/client';

/**
 * A toast's text for a failed admin call: the server's sentence when it answered with one
 * (such as the 409 about keeping one active admin), else the spec's toast (docs/product.md#errors).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return fallback;
}

/** The server refused the session as not an admin: the role changed since sign-in. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
