import { z } from 'zod';
import { apiErrorSchema } from '@chamber/contract';

/**
 * `:id` in a path. Any short string is let through to the service, which answers 404 for one
 * that names nothing (a malformed id included), so a route never tells the two apart.
 */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/** The `{ error, message }` answer under each of `statuses`, for a route's response map. */
export function errorAnswers<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
