import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `getMembersById` for GET /api/members/:id: a name for every operation that a route does not
 * name itself, so generated clients get stable method names.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  const capitalized = words.map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + capitalized.join('');
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod writes a nullable union of strings (a URL
 * or '') as `anyOf` with `nullable` only. The type the branches share goes beside it.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
    const types = new Set(branches?.map((b) => (isObject(b) ? b.type : undefined)));
    const [only] = types;
    if (types.size === 1 && typeof only === 'string') node.type = only;
  }
  for (const value of Object.values(node)) typeNullables(value);
}

/** Answers that never have a body: documented without one. */
const BODYLESS = new Set(['204', '304']);

/**
 * The route schemas as OpenAPI operations: zod turned into JSON Schema (the type provider's
 * transform), then what OpenAPI linters and client generators expect of every operation:
 * an operationId, a security requirement (public routes say so with an empty one; routes
 * with `access` already require the bearer token, see plugins/auth.ts), answers without a
 * body documented as such, and a type beside every `nullable`.
 */
export const openApiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as JsonObject | undefined;
  if (!schema || schema.hide) return result;
  const method = [input.route.method].flat()[0] ?? 'get';
  schema.operationId ??= operationIdOf(method, input.url);
  const response = schema.response as JsonObject | undefined;
  for (const [status, answer] of Object.entries(response ?? {})) {
    if (BODYLESS.has(status)) {
      const description = isObject(answer) ? answer.description : undefined;
      response![status] = { type: 'null', description: description ?? 'No content' };
    }
  }
  typeNullables(schema);
  return result;
};
