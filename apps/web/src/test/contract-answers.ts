import {
  apiErrorSchema,
  oauthErrorSchema,
  endpoints,
  isFileAnswer,
  matchesPath,
  type Answer,
  type Endpoint,
} from '@chamber/contract';
import { z } from 'zod';

/** Every endpoint declared in the contract (packages/contract/src/<module>/endpoints.ts). */
const declared: Endpoint[] = Object.values(endpoints).flatMap((module) => Object.values(module));

/**
 * The endpoint of "METHOD /path": a literal path wins over one with `:id`
 * (`/auth/sessions/end-others` over `/auth/sessions/:id`).
 */
export function endpointOf(method: string, path: string): Endpoint | undefined {
  const candidates = declared.filter((e) => e.method === method && matchesPath(e.path, path));
  return candidates.find((e) => e.path === path) ?? candidates[0];
}

/**
 * The schema an answer to "METHOD /path?query" with `status` must match: the endpoint's
 * answer of that status; an error the endpoint does not declare is one of the error shapes.
 */
export function answerSchema(route: string, status = 200): Answer | undefined {
  const [method = '', url = ''] = route.split(' ');
  const path = url.split('?')[0]!;
  const ok = status >= 200 && status < 300;
  const endpoint = endpointOf(method, path);
  if (endpoint) return endpoint.responses[status] ?? (ok ? undefined : errorAnswerSchema);
  return ok ? undefined : errorAnswerSchema;
}

/** An error answer is the API's `{ error, message }`, or OAuth's `{ error, error_description }`. */
export const errorAnswerSchema = z.union([apiErrorSchema, oauthErrorSchema]);

const breaks: string[] = [];

/**
 * Checks a made-up answer against the contract: a JSON success against its endpoint's schema
 * (a route the contract does not declare is a break), a JSON error against the error shapes (a body is
 * read as JSON, as the client reads it, unless typed otherwise). Files, empty answers and
 * bodies that are not JSON pass as they are. A break is kept for the test's end
 * (`expectNoContractBreaks`, run after every test): thrown here, the client would take it
 * for a network failure and retry.
 */
export async function checkAnswer(route: string, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !type.includes('application/json')) return;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  const schema = answerSchema(route, response.status);
  if (!schema) {
    breaks.push(
      `No contract schema for the fake answer ${response.status} to ${route} (packages/contract/src/<module>/endpoints.ts)`,
    );
    return;
  }
  if (isFileAnswer(schema)) return;
  const result = schema.safeParse(body);
  if (!result.success) {
    breaks.push(`The fake answer to ${route} breaks the contract: ${result.error.message}`);
  }
}

/** Fails the test whose fakes answered what the contract does not allow. */
export function expectNoContractBreaks(): void {
  const found = breaks.splice(0);
  if (found.length > 0) throw new Error(found.join('\n'));
}
