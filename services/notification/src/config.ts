import { fileURLToPath } from 'node:url';
import { pushEndpointSettings } from '@mzansi/api';
import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

/** `.dev/mail` under the repository root (this file is services/notification/{src,dist}/config.*). */
export const DEFAULT_MAIL_DIR = fileURLToPath(new URL('../../../.dev/mail', import.meta.url));

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  const production = env.NODE_ENV === 'production';
  /** Required in production; optional (generated or defaulted) elsewhere. */
  const prodRequired = (schema: z.ZodString) => (production ? schema : schema.optional());
  return baseServiceEnv('notification', { grpcPort: 50055, metricsPort: 9465 }, env).extend({
    // Web push (VAPID). Outside production, missing keys are generated once and kept in the service's database.
    VAPID_PUBLIC_KEY: prodRequired(z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')),
    VAPID_PRIVATE_KEY: prodRequired(z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')),
    VAPID_SUBJECT: production
      ? z.string().regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https: URL')
      : z
          .string()
          .regex(/^(mailto:.+@.+|https?:\/\/.+)$/, 'must be a mailto: address or a URL')
          .default('mailto:no-reply@mzansipredicts.local'),
    // E-mail. Outside production, without SMTP_URL every message is written as an .eml file into MAIL_DIR.
    SMTP_URL: prodRequired(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
    MAIL_DIR: z.string().min(1).default(DEFAULT_MAIL_DIR),
    MAIL_FROM: z.string().min(3).default('Mzansi Predicts <no-reply@mzansipredicts.local>'),
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /**
     * The address of List-Unsubscribe's `mailto:` alternative (RFC 2369); its mails must be acted on by operations.
     * Empty: only the one-click https link (RFC 8058) is offered.
     */
    UNSUBSCRIBE_MAILTO: z
      .string()
      .regex(/^$|^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/, 'must be an e-mail address or empty')
      .default(production ? '' : 'unsubscribe@mzansipredicts.local'),
    /** How often the retention job runs (delivery log and unconfirmed newsletter signups older than 30 days). */
    RETENTION_INTERVAL_S: int(3600, 1, 86_400),
    // Delivery of a published question.
    PUSH_CONCURRENCY: int(20, 1, 500),
    PUSH_BATCH_SIZE: int(500, 1, 10_000),
    MAIL_CONCURRENCY: int(5, 1, 100),
    PUSH_TTL_SECONDS: int(3600, 0, 2_419_200),
    PUSH_TIMEOUT_MS: int(10_000, 100, 120_000),
    /** The push services endpoints may name, and development's one local fake (refused in production). */
    ...pushEndpointSettings(production),
    /** Attempts per target for transient failures (5xx, 429, network), with exponential backoff. */
    DELIVERY_MAX_ATTEMPTS: int(4, 1, 20),
    DELIVERY_RETRY_BASE_MS: int(500, 1, 60_000),
    /** How often the delivery worker looks for unfinished jobs, and how long a claimed job stays claimed without a heartbeat. */
    JOB_POLL_MS: int(2_000, 10, 600_000),
    JOB_LEASE_MS: int(60_000, 1_000, 3_600_000),
  }).superRefine((c, ctx) => {
    if (!!c.VAPID_PUBLIC_KEY !== !!c.VAPID_PRIVATE_KEY) {
      const missing = c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both VAPID keys or neither' });
    }
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
