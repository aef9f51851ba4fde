import { isConnectionFailure } from '@chamber/db';

/** Postgres' unique violation, as the driver throws it or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** The error and what it wraps: drizzle's `cause`, the attempts of an AggregateError. */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  const queue = [err];
  while (queue.length) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...(e.errors as unknown[]));
  }
}

/** The server is shutting down, crashed, or is starting (recovering) and refuses connections. */
const SERVER_AWAY = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres and its pool say when a connection is gone or cannot be had. */
const CONNECTION_GONE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Whether a failure means the database cannot be reached right now (refused, reset, restarting,
 * shutting down, no connection to be had in time) rather than that something was wrong with
 * the work asked of it. Such a request is worth retrying in a moment.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (isConnectionFailure(e)) return true;
    if (typeof e.code === 'string' && (SERVER_AWAY.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) {
      return true;
    }
    if (typeof e.message === 'string' && CONNECTION_GONE.test(e.message)) return true;
  }
  return false;
}

/** A one-line account of a database failure for logs and start-up messages. */
export function describeError(err: unknown): string {
  if (typeof err !== 'object' || err === null) {
    return err === undefined || err === null || err === '' ? 'unknown error' : String(err);
  }
  const parts: string[] = [];
  for (const e of causes(err)) {
    const text =
      typeof e.message === 'string' && e.message
        ? e.message
        : typeof e.code === 'string'
          ? e.code
          : '';
    if (text && !parts.includes(text) && !/^Failed query:/.test(text)) parts.push(text);
  }
  return parts.join('; ') || 'unknown error';
}
