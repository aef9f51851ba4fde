import path from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .describe('Comma-separated addresses/CIDRs of trusted reverse proxies, or a hop count'),
  WEB_DIST: z.string().optional(),
  CHAMBER_NAME: z.string().trim().min(1).default('Riverton Area Chamber of Commerce'),
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
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  webDist: string | undefined;
  chamberName: string;
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

/** Reads settings from the environment; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join('.') || 'environment';
    throw new ConfigError(`${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`);
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
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: env.WEB_DIST,
    chamberName: env.CHAMBER_NAME,
  };
}
