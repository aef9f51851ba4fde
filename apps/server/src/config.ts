import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_INVITATIONS_PER_DAY, parseBounds, type Bounds } from '@chamber/contract';

/** Nominatim, OpenStreetMap's free geocoder: at most one request a second, identified. */
const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';
/** OpenStreetMap's own tiles: free for light use under their tile usage policy. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
const DEFAULT_TILE_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';
/** The demo chamber's towns: Riverton, Herriman, South Jordan, West Jordan, Bluffdale, Draper (Utah). */
const DEFAULT_REGION = '-112.08,40.44,-111.8,40.64';

/** An unset or blank variable counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  PUBLIC_URL: optional(z.url({ message: 'must be a URL such as https://members.example.org' })),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_LEASE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 2 to 3600' })
    .int('must be a whole number of seconds from 2 to 3600')
    .min(2, 'must be a whole number of seconds from 2 to 3600')
    .max(3600, 'must be a whole number of seconds from 2 to 3600')
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['info', 'debug', 'off']).default('info'),
  LOG_REQUEST_SAMPLE: z.coerce
    .number({ message: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(1),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .describe('Comma-separated addresses/CIDRs of trusted reverse proxies, or a hop count'),
  WEB_DIST: z.string().optional(),
  CHAMBER_NAME: z.string().trim().min(1).default('Riverton Area Chamber of Commerce'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .default('false'),
  SMTP_URL: optional(
    z.url({
      protocol: /^smtps?$/,
      message: 'must be a URL such as smtp://user:password@mail.example.org:587',
    }),
  ),
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
        'must be an address such as "Riverton Chamber <office@rivertonchamber.org>"',
      ),
  ),
  BOUNCE_IMAP_URL: optional(
    z.url({
      protocol: /^imaps?$/,
      message: 'must be a URL such as imaps://bounces:password@mail.example.org:993/INBOX',
    }),
  ),
  BOUNCE_ADDRESS: optional(
    z
      .string()
      .trim()
      .regex(
        /^[^<>@\s+]+@[^<>@\s]+$/,
        'must be an address without "+", such as bounces@rivertonchamber.org',
      ),
  ),
  BOUNCE_POLL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 10 to 86400' })
    .int('must be a whole number of seconds from 10 to 86400')
    .min(10, 'must be a whole number of seconds from 10 to 86400')
    .max(86400, 'must be a whole number of seconds from 10 to 86400')
    .default(300),
  CAMPAIGN_PACE_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number of mails per minute from 1 to 6000' })
    .int('must be a whole number of mails per minute from 1 to 6000')
    .min(1, 'must be a whole number of mails per minute from 1 to 6000')
    .max(6000, 'must be a whole number of mails per minute from 1 to 6000')
    .default(120),
  S3_BUCKET: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,255}$/, 'must be a bucket name such as chamber-media'),
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optional(
    z.url({ protocol: /^https?$/, message: 'must be a URL such as https://s3.example.com' }),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim()),
  S3_FORCE_PATH_STYLE: optional(
    z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }),
  ),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret key (sk_live_... or sk_test_...)',
      ),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_...)"),
  ),
  STRIPE_API_URL: optional(
    z.url({ protocol: /^https?$/, message: 'must be a URL such as http://localhost:12111' }),
  ),
  GEOCODER_URL: z
    .union([
      z.literal('off'),
      z.url({
        protocol: /^https?$/,
        message: 'must be a search URL such as https://nominatim.openstreetmap.org/search, or off',
      }),
    ])
    .default(DEFAULT_GEOCODER_URL),
  GEOCODER_INTERVAL_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds, at least 1000' })
    .int('must be a whole number of milliseconds, at least 1000')
    .min(1000, 'must be a whole number of milliseconds, at least 1000')
    .max(3_600_000, 'must be at most 3600000 (an hour)')
    .default(1000),
  INVITATIONS_PER_DAY: z.coerce
    .number({ message: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(DEFAULT_INVITATIONS_PER_DAY),
  GEOCODER_EMAIL: optional(z.email({ message: 'must be an email address' })),
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^\s]+$/,
      'must be a tile URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    )
    .refine(
      (v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)),
      'must hold {z}, {x} and {y}',
    )
    .default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default(DEFAULT_TILE_ATTRIBUTION),
  MAP_TILE_ATTRIBUTION_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be a URL or empty' })])
    .default(DEFAULT_TILE_ATTRIBUTION_URL),
  MAP_REGION: z
    .string()
    .trim()
    .default(DEFAULT_REGION)
    .transform((value, ctx) => {
      const box = parseBounds(value);
      if (!box || box.west >= box.east || box.south >= box.north) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be west,south,east,north in degrees, such as -112.08,40.44,-111.8,40.64',
        });
        return z.NEVER;
      }
      return box;
    }),
  S3_PREFIX: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.\-/]+$/, 'may hold letters, digits, ".", "-", "_" and "/" only'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  /** The only redirect URI the sign-in flow accepts: `<PUBLIC_URL>/auth`. */
  redirectUri: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a mail a process took stays its own (renewed while it works): after a crash, the wait. */
  mailLeaseSeconds: number;
  /** The most invitations to join a business one business may send in 24 hours. */
  invitationsPerDay: number;
  logLevel: Env['LOG_LEVEL'];
  /** The level of the one line per request ('off': none but those always logged). */
  logRequests: Env['LOG_REQUESTS'];
  /** The share of requests (0 to 1) whose line is written; 5xx answers are always written. */
  logRequestSample: number;
  trustProxy: boolean | number | string[];
  webDist: string | undefined;
  chamberName: string;
  /** Load the demo chamber (idempotently) at every start; for trying the portal out. */
  seedDemoData: boolean;
  /** Outgoing mail server; undefined writes each message to `<dataDir>/outbox` instead. */
  smtpUrl: string | undefined;
  /** The From of every message; an address alone takes the chamber's name at send time. */
  mailFrom: string;
  /** The bounce mailbox and return path of bulk mail; undefined: bounces are not read. */
  bounces: BounceConfig | undefined;
  /**
   * Where bulk mail's bounces go (the envelope sender), as `local+<recipient id>@domain` per
   * recipient; undefined: the address of `mailFrom`.
   */
  bounceAddress: string | undefined;
  /** How many campaign mails a portal process sends a minute at most. */
  campaignPacePerMinute: number;
  /** S3-compatible media storage; undefined stores media under `<dataDir>/media`. */
  s3: S3Config | undefined;
  /** Online payments; undefined: the portal offers offline payment only. */
  stripe: StripeConfig | undefined;
  /** The directory's map: where addresses become pins, the tiles, the chamber's region. */
  map: MapConfig;
}

export interface MapConfig {
  /** The geocoder's search URL (Nominatim's interface); undefined: addresses are not geocoded. */
  geocoderUrl: string | undefined;
  /** At least this long between two requests to the geocoder (Nominatim: one a second). */
  geocoderIntervalMs: number;
  /** Sent to the geocoder as `email`, as Nominatim asks of heavier users; optional. */
  geocoderEmail: string | undefined;
  tileUrl: string;
  attribution: string;
  attributionUrl: string;
  /** Pins must lie in this box; the map opens on it; the geocoder is asked within it. */
  region: Bounds;
}

export interface BounceConfig {
  /** The return path of bulk mail, made per recipient as `<local>+<token>@<domain>`. */
  address: string;
  /** The mailbox bounces and abuse reports arrive in, read over IMAP. */
  imap: {
    host: string;
    port: number;
    /** TLS from the start (imaps://); imap:// upgrades with STARTTLS when the server offers it. */
    secure: boolean;
    user: string;
    password: string;
    /** The folder read, `INBOX` unless the URL names another. */
    mailbox: string;
  };
  pollSeconds: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls instead of api.stripe.com (the local stand-in). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Both set, or both undefined to use the SDK's default chain (AWS_* variables, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Prepended to every object key; empty or ending in '/'. */
  prefix: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY: name the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8) or a hop count; "true" would let any client forge its address',
    );
  }
  return value.split(',').map((part) => part.trim());
}

/** The S3 variables hang together: keys come in pairs, and none means anything without a bucket. */
function parseS3(env: Env): S3Config | undefined {
  const { S3_ACCESS_KEY_ID: keyId, S3_SECRET_ACCESS_KEY: secret } = env;
  if (keyId && !secret) {
    throw new ConfigError('S3_SECRET_ACCESS_KEY: must be set when S3_ACCESS_KEY_ID is');
  }
  if (secret && !keyId) {
    throw new ConfigError('S3_ACCESS_KEY_ID: must be set when S3_SECRET_ACCESS_KEY is');
  }
  if (!env.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PREFIX'] as const).find((n) => env[n]);
    if (stray) {
      throw new ConfigError(`S3_BUCKET: must be set to store media in S3 (${stray} is set)`);
    }
    return undefined;
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** The bounce mailbox and the return path only mean something together. */
function parseBounces(env: Env): BounceConfig | undefined {
  const { BOUNCE_IMAP_URL: imapUrl, BOUNCE_ADDRESS: address } = env;
  if (imapUrl && !address) {
    throw new ConfigError('BOUNCE_ADDRESS: must be set when BOUNCE_IMAP_URL is');
  }
  if (!imapUrl || !address) return undefined;
  const url = new URL(imapUrl);
  if (!url.username || !url.password) {
    throw new ConfigError(
      'BOUNCE_IMAP_URL: must hold the user and password (imaps://user:password@host)',
    );
  }
  const secure = url.protocol === 'imaps:';
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  return {
    address,
    imap: {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      mailbox: mailbox || 'INBOX',
    },
    pollSeconds: env.BOUNCE_POLL_SECONDS,
  };
}

/** Online payments need both keys: a key without the webhook secret would charge unrecorded. */
function parseStripe(env: Env): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (secretKey && !webhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is');
  }
  if (webhookSecret && !secretKey) {
    throw new ConfigError('STRIPE_SECRET_KEY: must be set when STRIPE_WEBHOOK_SECRET is');
  }
  if (!secretKey || !webhookSecret) {
    if (env.STRIPE_API_URL) {
      throw new ConfigError('STRIPE_SECRET_KEY: must be set to use STRIPE_API_URL');
    }
    return undefined;
  }
  let api: StripeConfig['api'];
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    api = {
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
      protocol,
    };
  }
  return { secretKey, webhookSecret, api };
}

const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'BOUNCE_IMAP_URL',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Reads settings from the environment; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join('.') || 'environment';
    // Values that may hold a password are not repeated back into logs.
    const got = secretVariables.has(name) ? '' : ` (got ${JSON.stringify(source[name] ?? '')})`;
    throw new ConfigError(`${name}: ${issue.message}${got}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    redirectUri: `${publicUrl}/auth`,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    mailLeaseSeconds: env.MAIL_LEASE_SECONDS,
    invitationsPerDay: env.INVITATIONS_PER_DAY,
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    logRequestSample: env.LOG_REQUEST_SAMPLE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: env.WEB_DIST,
    chamberName: env.CHAMBER_NAME,
    seedDemoData: env.SEED_DEMO_DATA === 'true' || env.SEED_DEMO_DATA === '1',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    bounces: parseBounces(env),
    bounceAddress: env.BOUNCE_ADDRESS,
    campaignPacePerMinute: env.CAMPAIGN_PACE_PER_MINUTE,
    s3: parseS3(env),
    stripe: parseStripe(env),
    map: {
      geocoderUrl: env.GEOCODER_URL === 'off' ? undefined : env.GEOCODER_URL,
      geocoderIntervalMs: env.GEOCODER_INTERVAL_MS,
      geocoderEmail: env.GEOCODER_EMAIL,
      tileUrl: env.MAP_TILE_URL,
      attribution: env.MAP_TILE_ATTRIBUTION,
      attributionUrl: env.MAP_TILE_ATTRIBUTION_URL,
      region: env.MAP_REGION,
    },
  };
}
