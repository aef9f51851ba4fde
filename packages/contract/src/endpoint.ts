import { z } from 'zod';
import { apiErrorSchema } from './common.js';
import type { FileAnswer } from './endpoint-runtime.js';

export { endpointPath, isFileAnswer, matchesPath, type FileAnswer } from './endpoint-runtime.js';

/**
 * An endpoint of the API, declared once: the server registers its route from it
 * (apps/server/src/lib/contract-route.ts) and the web app calls it through `api.call`, both
 * typed by the same zod schemas. What is the server's alone (access rules, body limits, the
 * OpenAPI summary and tags, the handler) stays on the server.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Answer = z.ZodType | FileAnswer;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Under /api, in Fastify's form: `/members/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (a manage link's token); the client sends them as given. */
  readonly headers?: z.ZodType;
  /** Every answer the endpoint gives, by status: the successes and the errors. */
  readonly responses: Readonly<Record<number, Answer>>;
  /**
   * Other media types a status may answer in, by `Accept` or a query (the audit log as CSV):
   * documented beside its JSON; `api.call` asks for JSON and reads the schema's answer.
   */
  readonly alternatives?: Readonly<Record<number, FileAnswer>>;
}

/** Declares an endpoint, keeping its literal method, path and schemas in its type. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

/** A file answer: `fileAnswer('The contacts as CSV', 'text/csv')`. */
export function fileAnswer(description: string, ...mediaTypes: string[]): FileAnswer {
  return { kind: 'file', description, mediaTypes };
}

/** The `{ error, message }` answer under each of `statuses`, for an endpoint's responses. */
export function errorAnswers<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** `:id` in a path. Any short string goes to the service, which answers 404 for an unknown one. */
export const idParams = z.object({ id: z.string().min(1).max(64) });

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** What a successful call answers: the 2xx answers' type, `void` for 204 (no body). */
export type EndpointAnswer<E extends Endpoint> = {
  [S in Extract<keyof E['responses'], SuccessStatus>]: S extends 204
    ? void
    : E['responses'][S] extends z.ZodType
      ? z.output<E['responses'][S]>
      : never;
}[Extract<keyof E['responses'], SuccessStatus>];

/** Endpoints whose success is a file, for `api.download`. */
export type FileEndpoint = Endpoint & { readonly responses: { readonly 200: FileAnswer } };
