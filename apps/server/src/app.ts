import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from '@chamber/db';
import type { Config } from './config.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createStorage } from './lib/create-storage.js';
import { countPageView, ListingCounter } from './lib/listing-counter.js';
import type { MailDelivery } from './lib/mail/delivery.js';
import { createMailer, type Mailer } from './lib/mail/mailer.js';
import { MailOutbox, type OutboxTiming } from './lib/mail/outbox.js';
import { openApiTransform } from './lib/openapi-transform.js';
import type { Storage } from './lib/storage.js';
import { Throttle } from './lib/throttle.js';
import { AuthService } from './modules/auth/index.js';
import { chamberMail, EmbedOrigins } from './modules/chamber/index.js';
import { registerModules } from './modules/index.js';
import { healthRoutes } from './ops/health-routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { inFlightPlugin } from './plugins/in-flight.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { privateAnswersPlugin } from './plugins/private-answers.js';
import { lazyChildLogger, requestLogPlugin } from './plugins/request-log.js';
import { inlineScriptHashes, securityPlugin, tileOrigin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { loadServerRenderer, PageHeads, servicePageData } from './modules/public-pages/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method and URL pattern), for checks that must cover them all. */
    routeList: readonly { method: string; url: string }[];
    /** Waits until mail queued to go out after an answer has been sent or has failed. */
    flushMail(): Promise<void>;
    /** The portal's mail, for the background jobs that send some. */
    mail: MailDelivery;
    /** The mail waiting in the database, and this process's workers sending it. */
    outbox: MailOutbox;
    /** Listing views and clicks waiting to be added to the daily totals. */
    listingCounter: ListingCounter;
  }
}

/** How long a stop lets the mails being sent finish (as the job runner's runs). */
export const OUTBOX_STOP_MS = 8_000;

export interface BuildOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Where mail goes; by default SMTP when configured, else the outbox folder. */
  mailer?: Mailer;
  /** The outbox workers' timing (tests shorten it). */
  outboxTiming?: Partial<OutboxTiming>;
  /** Where uploads go; by default from the config (S3 when configured, else DATA_DIR/media). */
  storage?: Storage;
  /** false silences logs (tests); otherwise JSON logs at config.logLevel. */
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function requestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,128}$/.test(value) ? value : randomUUID();
}

/** Builds the whole app without listening; tests drive it with `app.inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const serverOptions: FastifyServerOptions = {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["x-registration-token"]',
                'req.headers.cookie',
                'body.password',
                'body.code_verifier',
                'body.code',
                'body.fileData',
                'body.confirmPassword',
                'body.access_token',
                'body.claimToken',
              ],
              censor: '[redacted]',
            },
          },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => requestId(req.headers['x-request-id']),
    // One line per request instead of Fastify's two, and no per-request child logger until
    // something is logged (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    routerOptions: { ignoreTrailingSlash: true },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();

  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD routes are Fastify's automatic twins of GET routes.
    for (const method of methods) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(formbody);
  const embeds = new EmbedOrigins(db);
  const webDist = config.webDist ?? defaultWebDist;
  // Helmet's headers, the CSP, HSTS and the request id (plugins/security.ts); the web app's
  // inline scripts (the theme's, before first paint) are allowed by their hashes.
  await app.register(securityPlugin, {
    embeds,
    // The directory map's tiles (MAP_TILE_URL).
    imageOrigins: [tileOrigin(config.map.tileUrl)],
    scriptHashes: inlineScriptHashes(
      await readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => ''),
    ),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Chamber portal API', version: '0.1.0' },
      servers: [{ url: config.publicUrl }],
      // Public unless an operation says otherwise (plugins/auth.ts adds the bearer token).
      security: [],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: openApiTransform,
  });

  const throttle = new Throttle(db, clock);
  const auth = new AuthService(db, clock, throttle, config);
  const storage = options.storage ?? createStorage(config);
  const mailer = options.mailer ?? createMailer(config, app.log);
  const mail = chamberMail(db, config, mailer);
  const outbox = new MailOutbox(
    db,
    clock,
    mail,
    app.log.child({ component: 'mail-outbox' }),
    new URL(config.publicUrl).hostname,
    { leaseMs: config.mailLeaseSeconds * 1000, ...options.outboxTiming },
  );
  app.decorate('flushMail', async () => {
    // A mail's after-sent step may queue more: until the outbox is empty.
    while ((await outbox.drain()) > 0);
  });
  app.decorate('mail', mail);
  app.decorate('outbox', outbox);
  // Listing views and clicks, added to the daily totals in batches, off the requests' path.
  const counter = new ListingCounter(db, clock, app.log.child({ component: 'listing-counter' }));
  app.decorate('listingCounter', counter);
  app.addHook('onClose', async () => {
    await counter.close();
    await outbox.stop(OUTBOX_STOP_MS);
    await storage.close();
    await mailer.close();
  });
  await app.register(inFlightPlugin);
  await app.register(authPlugin, { auth });
  await app.register(requestLogPlugin, {
    level: config.logRequests,
    sample: config.logRequestSample,
  });
  await app.register(privateAnswersPlugin);
  await app.register(idempotencyPlugin, { db, clock });
  await app.register(healthRoutes, { prefix: '/api', db });
  const { tickets, sponsorships, placements } = await registerModules(app, {
    db,
    config,
    auth,
    clock,
    storage,
    throttle,
    mail,
    outbox,
    counter,
    embeds,
  });
  // Composers are registered by now: this process's workers start taking mail.
  outbox.start();

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // A browsable page of the same document, served from the package (nothing from a CDN).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  const heads = new PageHeads(db, clock, config);
  const renderer = await loadServerRenderer(webDist);
  const pageData = servicePageData(db, clock, config, tickets, sponsorships, placements);
  await app.register(spaPlugin, {
    root: webDist,
    pages: {
      db,
      clock,
      headOf: (pathname) => heads.of(pathname),
      // A member page or job post sent to a visitor counts as a view of its listing.
      sent: (pathname, request) => countPageView(counter, pathname, request.headers),
      render: renderer && ((pathname, options) => renderer.render(pathname, pageData, options)),
    },
  });
  return app;
}
