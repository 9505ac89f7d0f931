import { baseServiceEnv, devSecret, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

export const DEV_ADMIN_PASSWORD = 'admin-dev-password';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('identity', { grpcPort: 50051, metricsPort: 9461 }, env).extend({
    ADMIN_USERNAME: z.string().regex(/^[A-Za-z0-9_]{3,30}$/, '3–30 letters, digits or underscores').default('admin'),
    ADMIN_PASSWORD: devSecret(DEV_ADMIN_PASSWORD, env),
    ADMIN_NAME: z.string().min(1).default('Mzansi Predicts Admin'),
    /**
     * identity's own brake on Login per username (domain/login-throttle.ts): password checks per window, then
     * RESOURCE_EXHAUSTED. Generous on purpose: the gateway's budget and challenge are what users meet.
     */
    LOGIN_THROTTLE_ATTEMPTS: z.coerce.number().int().min(1).default(30),
    LOGIN_THROTTLE_WINDOW_S: z.coerce.number().int().min(1).default(60),
    /** How long an e-mail verification link works, and how many verification mails a user may cause per hour. */
    EMAIL_VERIFICATION_TTL_S: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(24 * 3600),
    EMAIL_VERIFICATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
    /** How long a password reset link works, and how many reset links one account may be sent per hour. */
    PASSWORD_RESET_TTL_S: z.coerce.number().int().min(60).max(24 * 3600).default(30 * 60),
    PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
    /** How often the retention job runs (audit entries past one year, expired verification links). */
    RETENTION_INTERVAL_S: z.coerce.number().int().min(1).default(3600),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
