import { z } from 'zod';
import { parseInternalKeys, type InternalKey, type InternalKeys } from './internal-auth.js';

/** A configuration error names every bad or missing variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object schema. Every key of the schema is an env var name.
 * Throws ConfigError naming each variable that is missing or bad.
 */
export function parseConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(env)';
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    return value === undefined ? `${name}: ${issue.message} (missing)` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Like parseConfig, but prints the problems and exits the process: for `main`. */
export function loadConfigOrExit<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const isProduction = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production';

/** A port number from a string (0 = pick a free port). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * A secret with an obvious development default that is refused in production.
 * In production the variable must be set and must differ from the default.
 */
export function devSecret(devDefault: string, env: NodeJS.ProcessEnv = process.env) {
  if (isProduction(env)) {
    return z
      .string({ error: 'required in production' })
      .min(16, 'must be at least 16 characters in production')
      .refine((v) => v !== devDefault, 'the development default is refused in production');
  }
  return z.string().min(1).default(devDefault);
}

/** The development INTERNAL_AUTH_KEYS (one key, id `dev`); its secret is refused in production. */
export const DEV_INTERNAL_AUTH_KEYS = 'dev:dev-internal-auth-key-not-for-production';
const DEV_INTERNAL_SECRET = DEV_INTERNAL_AUTH_KEYS.slice(DEV_INTERNAL_AUTH_KEYS.indexOf(':') + 1);
/** The development keys, parsed: what tests sign with to talk to services running on the defaults. */
export const DEV_INTERNAL_KEYS: InternalKeys = parseInternalKeys(DEV_INTERNAL_AUTH_KEYS);
const MIN_PRODUCTION_KEY_LENGTH = 32;

/**
 * INTERNAL_AUTH_KEYS: `kid:secret` entries separated by commas, the first signs (current), all verify (current and
 * previous), so a key rotates without downtime. In production every secret must be ≥ 32 characters and none may
 * be the development one.
 */
export function internalAuthKeys(env: NodeJS.ProcessEnv = process.env) {
  const prod = isProduction(env);
  const raw = prod ? z.string({ error: 'required in production' }) : z.string().min(1).default(DEV_INTERNAL_AUTH_KEYS);
  return raw.transform((value, ctx): InternalKey[] => {
    let keys: InternalKey[];
    try {
      keys = parseInternalKeys(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
    if (prod && keys.some((k) => k.secret.length < MIN_PRODUCTION_KEY_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: `each secret must be at least ${MIN_PRODUCTION_KEY_LENGTH} characters in production` });
      return z.NEVER;
    }
    if (prod && keys.some((k) => k.secret === DEV_INTERNAL_SECRET)) {
      ctx.addIssue({ code: 'custom', message: 'the development default is refused in production' });
      return z.NEVER;
    }
    return keys;
  });
}

/**
 * LOG_FORMAT: `json` (one object per line, what production collects) or `pretty` (pino-pretty: coloured, readable;
 * development only). Default: pretty in development on a terminal (`make up` asks for it), else json.
 */
export function logFormat(env: NodeJS.ProcessEnv = process.env) {
  if (isProduction(env)) return z.enum(['json'], { error: 'only json in production' }).default('json');
  const dev = (env.NODE_ENV ?? 'development') === 'development';
  return z.enum(['pretty', 'json']).default(dev && process.stdout.isTTY ? 'pretty' : 'json');
}

/** Where the gRPC and metrics ports listen: loopback by default, 0.0.0.0 set by the images and manifests. */
export const bindHost = () => z.string().min(1).default('127.0.0.1');

/** Settings every service shares. */
export function baseServiceEnv(service: string, defaults: { grpcPort: number; metricsPort: number }, env: NodeJS.ProcessEnv = process.env) {
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: logFormat(env),
    BIND_HOST: bindHost(),
    GRPC_PORT: port(defaults.grpcPort),
    METRICS_PORT: port(defaults.metricsPort),
    DATABASE_URL: isProduction(env)
      ? z.string().url()
      : z.string().url().default(`postgres://postgres@127.0.0.1:5432/${service}`),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
    NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
    /** Each stream's size bound in bytes (JetStream `max_bytes`, oldest events dropped past it); -1 = none. */
    NATS_STREAM_MAX_BYTES: z.coerce.number().int().min(-1).default(-1),
    EVENTS_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9_]*$/, 'only lower-case letters, digits and underscore')
      .default(''),
    INTERNAL_AUTH_KEYS: internalAuthKeys(env),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Connections from clients are recycled after this long (0 = never), so new replicas are found; see grpc.ts. */
    GRPC_MAX_CONNECTION_AGE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    GRPC_MAX_CONNECTION_AGE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** Apply the migrations and exit (the Kubernetes migration Job / Helm hook). */
    MIGRATE_ONLY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  });
}
