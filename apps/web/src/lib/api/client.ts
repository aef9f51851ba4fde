import { clearToken, getToken } from '../storage';

/** Raised on window when any call answers 401; the auth provider signs the user out. */
export const UNAUTHORIZED_EVENT = 'unauthorized';

export const REQUEST_TIMEOUT_MS = 10_000;
/** Waits before the first and second retry (spec §9). */
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

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Message used when the error answer carries none. */
  errorMessage?: string;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the token of a registration's manage link. */
  headers?: Record<string, string>;
}

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

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}) {
    const response = await send(method, path, opts, 'application/json');
    return (await readBody(response)) as T;
  }

  /**
   * A file the API sends (a CSV export, a PDF), fetched with the signed-in token: a plain link
   * cannot carry it.
   */
  async function download(path: string, opts: Omit<RequestOptions, 'body'> = {}) {
    const response = await send('GET', path, opts, '*/*');
    const filename = dispositionFilename(response.headers.get('content-disposition'));
    return { blob: await response.blob(), filename } satisfies DownloadedFile;
  }

  return {
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
