import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { isFileAnswer, type Answer, type Endpoint, type FileAnswer } from '@chamber/contract';
import { mediaResponse } from './openapi-media.js';

/** The app a module's routes plugin is handed (Fastify with the zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The schema of `E`'s `K`, or undefined when the endpoint has none. */
type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

type MediaResponse = ReturnType<typeof mediaResponse>;
type Responses<R> = { -readonly [S in keyof R]: R[S] extends FileAnswer ? MediaResponse : R[S] };

/** What the server adds to an endpoint's schema: how OpenAPI presents the route. */
export type RouteDocs = Omit<
  FastifySchema,
  'params' | 'querystring' | 'body' | 'headers' | 'response'
>;

/** A route's schema as Fastify sees it: the endpoint's parts, and the server's docs. */
export type EndpointSchema<E extends Endpoint> = RouteDocs & {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  headers: Part<E, 'headers'>;
  response: Responses<E['responses']>;
};

/** Fastify's route options for `E`: request and reply typed by its schemas (zod type provider). */
type EndpointRouteOptions<E extends Endpoint> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** A handler of `E`. */
export type EndpointHandler<E extends Endpoint> = EndpointRouteOptions<E>['handler'];

/** The route's options that stay on the server: access rules, limits, docs. */
export type ContractRouteOptions<E extends Endpoint> = Omit<
  EndpointRouteOptions<E>,
  'schema' | 'handler'
> & { schema?: RouteDocs };

function responseSchemas(
  responses: Readonly<Record<number, Answer>>,
  alternatives: Readonly<Record<number, FileAnswer>> = {},
) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      if (isFileAnswer(answer))
        return [status, mediaResponse(answer.description, answer.mediaTypes)];
      const other = alternatives[Number(status)];
      if (!other) return [status, answer];
      // JSON, or the same answer as a file when asked for (`Accept`, a query).
      const file = mediaResponse(other.description, other.mediaTypes);
      return [
        status,
        {
          description: other.description,
          content: { 'application/json': { schema: answer }, ...file.content },
        },
      ];
    }),
  );
}

/**
 * Registers the route of a contract endpoint (packages/contract/src/<module>/endpoints.ts):
 * its method, URL and params, query, body and response schemas come from the endpoint; the
 * access rules (`config`), body limit, OpenAPI tags and summary, and the handler are the
 * server's.
 */
export function contractRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: ContractRouteOptions<E>,
  handler: EndpointHandler<E>,
): void {
  const schema: FastifySchema = {
    ...options.schema,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.headers && { headers: endpoint.headers }),
    response: responseSchemas(endpoint.responses, endpoint.alternatives),
  };
  app.route({
    ...(options as RouteShorthandOptions),
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler: handler as RouteHandlerMethod,
  });
}
