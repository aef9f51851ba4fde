import type { Endpoint, EndpointAnswer, FileEndpoint } from '@chamber/contract';
import { endpointPath, isFileAnswer } from '@chamber/contract/endpoint-runtime';
import type { z } from 'zod';
import { clearToken, getToken } from '../storage';

/** Raised on window when any call answers 401; the auth provider signs the user out. */
export const UNAUTHORIZED_EVENT = 'unauthorized';

export const REQUEST_TIMEOUT_MS = 10_000;
/** Waits before the first and second retry (docs/product.md#constants). */
export const RETRY_DELAYS_MS = [1_000, 2_000] as const;

/** An error answer from the API, or a request that never got one (status 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The HTTP reason phrase ('Bad Request'), empty when the server sent none. */
    readonly statusText = '',
  ) {
    super(message);
  }
}

/** An answer that does not match the contract's schema for its endpoint and status. */
export class ContractError extends Error {
  override name = 'ContractError';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Message used when the error answer carries none. */
  errorMessage?: string;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the token of a registration's manage link. */
  headers?: Record<string, string>;
}

/** A part of a call: required when its schema requires something, else optional. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** The options of a call to `E`: its params, query and body as its schemas type them. */
export type CallOptions<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']> &
  Omit<RequestOptions, 'body'>;

/** Options can be left out when nothing in them is required. */
type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** `?a=1&b=x&b=y`: empty values (undefined, null) are left out, a list is repeated. */
function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, String(item as string | number | boolean));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call to `endpoint`, under the API's base. */
function callPath(endpoint: Endpoint, options: { params?: unknown; query?: unknown }): string {
  return (
    endpointPath(endpoint.path, options.params as Record<string, unknown> | undefined) +
    queryString(options.query)
  );
}

/** In development and tests every answer is checked against the contract; production trusts it. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

export interface DownloadedFile {
  blob: Blob;
  /** The name the server's Content-Disposition gives, else null. */
  filename: string | null;
}

/** `attachment; filename="contacts.csv"` → contacts.csv */
function dispositionFilename(header: string | null): string | null {
  const match = header && /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? null;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Injectable so tests do not wait real seconds. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** Check each answer of `call` against its endpoint's schema (development and tests). */
  checkAnswers?: boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function field(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function toApiError(response: Response, body: unknown, fallback: string | undefined): ApiError {
  const code = field(body, 'error') ?? `http_${response.status}`;
  const message =
    field(body, 'message') ??
    field(body, 'error_description') ??
    field(body, 'error') ??
    fallback ??
    (response.statusText || `Request failed with status ${response.status}`);
  return new ApiError(response.status, code, message, response.statusText);
}

/** 128 random bits as hex; getRandomValues works on plain-HTTP pages, randomUUID does not. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function notifyUnauthorized() {
  clearToken();
  window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';
  const sleep = options.sleep ?? realSleep;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const checkAnswers = options.checkAnswers ?? CHECK_ANSWERS;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? fetch)(input, init);

  /** One attempt, aborted after the timeout. Throws only when no response arrived. */
  async function attempt(url: string, init: RequestInit, signal?: AbortSignal) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abortFromCaller = () => controller.abort();
    signal?.addEventListener('abort', abortFromCaller);
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  /**
   * A success's body against the endpoint's schema for its status: a mismatch throws, naming
   * the endpoint. Error answers are read leniently into an ApiError (a proxy's 502 page has
   * no `{ error, message }`), so they are not checked here.
   */
  function checkAnswer(endpoint: Endpoint, status: number, body: unknown) {
    const schema = endpoint.responses[status];
    if (!checkAnswers || schema === undefined || isFileAnswer(schema)) return;
    const result = schema.safeParse(status === 204 ? null : body);
    if (!result.success) {
      throw new ContractError(
        `The answer ${status} to ${endpoint.method} ${endpoint.path} does not match the contract: ${result.error.message}`,
      );
    }
  }

  /** One request; the answer's response when it is a success, else the ApiError it carries. */
  async function send(method: HttpMethod, path: string, opts: RequestOptions, accept: string) {
    const headers: Record<string, string> = { Accept: accept, ...opts.headers };
    // The retries below resend a POST whose answer was lost, and the write may have happened:
    // one key for all attempts lets the server answer a retry with the first answer.
    if (method === 'POST' && !headers['Idempotency-Key']) headers['Idempotency-Key'] = newKey();
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Only with a body: an empty body labelled JSON is a 400 for the server.
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      credentials: 'include',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    };

    let response: Response | undefined;
    for (let tries = 0; response === undefined; tries += 1) {
      try {
        response = await attempt(`${baseUrl}${path}`, init, opts.signal);
      } catch (error) {
        if (opts.signal?.aborted) throw error;
        // Network failure or timeout: retry with backoff; HTTP errors are never retried.
        const delay = retryDelays[tries];
        if (delay === undefined) {
          throw new ApiError(0, 'network_error', 'All retry attempts failed');
        }
        await sleep(delay);
      }
    }

    if (!response.ok) {
      if (response.status === 401) notifyUnauthorized();
      throw toApiError(response, await readBody(response), opts.errorMessage);
    }
    return response;
  }

  /**
   * Calls a contract endpoint (`api.call(endpoints.auth.forgotPassword, { body })`): the URL
   * from its path, params and query; the answer typed by its 2xx schema (void for 204), and
   * checked against it in development and tests. The body is returned as it came, so
   * development and production see the same values.
   */
  async function call<E extends Endpoint>(
    endpoint: E,
    ...[options = {} as CallOptions<E>]: CallArgs<E>
  ): Promise<EndpointAnswer<E>> {
    const response = await send(
      endpoint.method,
      callPath(endpoint, options),
      options,
      'application/json',
    );
    const body = await readBody(response);
    checkAnswer(endpoint, response.status, body);
    return body as EndpointAnswer<E>;
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}) {
    const response = await send(method, path, opts, 'application/json');
    return (await readBody(response)) as T;
  }

  /**
   * A file the API sends (a CSV export, a PDF), fetched with the signed-in token: a plain link
   * cannot carry it.
   */
  function download<E extends FileEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<DownloadedFile>;
  function download(path: string, opts?: Omit<RequestOptions, 'body'>): Promise<DownloadedFile>;
  async function download(
    target: string | FileEndpoint,
    opts: Omit<RequestOptions, 'body'> & { params?: unknown; query?: unknown } = {},
  ): Promise<DownloadedFile> {
    const endpoint = typeof target === 'string' ? undefined : target;
    const path = endpoint ? callPath(endpoint, opts) : (target as string);
    const response = await send('GET', path, opts, '*/*');
    const filename = dispositionFilename(response.headers.get('content-disposition'));
    return { blob: await response.blob(), filename } satisfies DownloadedFile;
  }

  return {
    call,
    request,
    download,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin, under /api. */
export const api = createApiClient();
