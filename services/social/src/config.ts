import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('social', { grpcPort: 50054, metricsPort: 9464 }, env).extend({
    /** Different counting reporters that hide a comment until a moderator reviews it (domain/moderation.ts). */
    MODERATION_HIDE_AFTER: z.coerce.number().int().min(1).max(100).default(3),
    /** Rejected reports after which a reporter's reports no longer count toward hiding. */
    MODERATION_DISCOUNT_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
