import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** Whether a line at `level` would be written (pino's check; any other logger writes all). */
function enabled(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
}

export interface RequestLogOptions {
  /** The level of the line ('off': only the lines that are always written). */
  level: 'info' | 'debug' | 'off';
  /** The share of requests, 0 to 1, whose line is written. */
  sample: number;
  /** Draws the sample; tests pass their own. */
  random?: () => number;
}

/** Query parameters whose values may be secrets (sign-in codes, reset tokens, signatures). */
const SECRET_PARAMETER = /token|code|secret|password|passwd|key|signature|sig$|state|auth/i;

function parameterName(part: string): string {
  const name = part.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The URL as logged: the values of query parameters that may be secrets are left out. */
export function loggedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((part) =>
      part.includes('=') && SECRET_PARAMETER.test(parameterName(part))
        ? `${part.split('=', 1)[0]}=[redacted]`
        : part,
    );
  return `${url.slice(0, question)}?${query.join('&')}`;
}

/**
 * One line per request, written as the answer ends: method, URL (without secret query
 * values), status, duration in ms, request id, the signed-in account and the client address.
 * At LOG_REQUESTS' level for the sampled share of requests; an answer of 500 or more is always
 * written (at error), whatever the sampling says. With LOG_LEVEL=trace a request's arrival is written too,
 * so one that never ends can be found.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance, opts: RequestLogOptions) => {
    const log = app.log;
    const random = opts.random ?? Math.random;
    if (enabled(log, 'trace')) {
      app.addHook('onRequest', (request, _reply, done) => {
        log.trace(
          { reqId: request.id, method: request.method, url: loggedUrl(request.url) },
          'request received',
        );
        done();
      });
    }
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const level =
        status >= 500
          ? 'error'
          : opts.level !== 'off' &&
              enabled(log, opts.level) &&
              (opts.sample >= 1 || random() < opts.sample)
            ? opts.level
            : null;
      if (level) {
        log[level](
          {
            reqId: request.id,
            method: request.method,
            url: loggedUrl(request.url),
            status,
            ms: Math.round(reply.elapsedTime * 10) / 10,
            ...(request.session ? { userId: request.session.user.id } : {}),
            ip: request.ip,
          },
          'request',
        );
      }
      done();
    });
  },
  { name: 'request-log', dependencies: ['auth'] },
);

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify makes a child logger (the request id bound) for every request, which costs about
 * as much as answering a stored page; most requests never log anything but the line above.
 * This child is made only when something is logged at an enabled level.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route's own level or serializers change what the child writes: made at once then.
  if (opts.level || opts.serializers) return logger.child(bindings, opts);
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= logger.child(bindings, opts));
  const lazy = {
    get level() {
      return real ? real.level : logger.level;
    },
    set level(value: string) {
      child().level = value;
    },
    silent: () => undefined,
    child: (more: Bindings, moreOpts?: ChildLoggerOptions) => child().child(more, moreOpts),
    isLevelEnabled: (level: string) => enabled(real ?? logger, level),
    bindings: () => (child() as unknown as { bindings(): Bindings }).bindings(),
  } as Record<string, unknown>;
  for (const level of LEVELS) {
    lazy[level] = (...args: unknown[]) => {
      if (!enabled(real ?? logger, level)) return;
      (child()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return lazy as unknown as FastifyBaseLogger;
}
