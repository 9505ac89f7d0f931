import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('voting', { grpcPort: 50053, metricsPort: 9463 }, env).extend({
    /** Counter rows per option: spreads the write hot-spot of a burst on one question. */
    COUNTER_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
