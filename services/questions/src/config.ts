import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('questions', { grpcPort: 50052, metricsPort: 9462 }, env).extend({
    /** Seeds the sample-data demo on an empty database (development only; refused in production). */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default(env.NODE_ENV === 'development' || env.NODE_ENV === undefined ? 'true' : 'false')
      .transform((v) => v === 'true')
      .refine((v) => !(v && env.NODE_ENV === 'production'), 'demo data is refused in production'),
    /** How often each replica looks for scheduled drafts whose time has come (entry-points/jobs/scheduler.ts). */
    SCHEDULE_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
