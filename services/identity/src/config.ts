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
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
