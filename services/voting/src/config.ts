import { baseServiceEnv, loadConfigOrExit } from '@mzansi/kit';
import { z } from 'zod';

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  return baseServiceEnv('voting', { grpcPort: 50053, metricsPort: 9463 }, env).extend({
    /** Counter rows per option: spreads the write hot-spot of a burst on one question. */
    COUNTER_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
    /** Live results: at most one "results changed" message per question per this many ms (core NATS, to gateways). */
    LIVE_RESULTS_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    /** Results history: one stored snapshot of a question's counters per this many ms (the flush rewrites the current one). */
    HISTORY_BUCKET_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** How often closed days' analytics are rolled up (jobs/analytics-rollup.ts); 0: only when an admin reads them. */
    ANALYTICS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** How long an admin's analytics read may spend rolling up closed days the job has not (then UNAVAILABLE: try again). */
    ANALYTICS_READ_ROLLUP_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
