import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import type { z } from 'zod';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('social', { grpcPort: 50054, metricsPort: 9464 }, env);
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
