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
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
