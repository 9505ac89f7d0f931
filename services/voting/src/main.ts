import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { questionEventsConsumer } from './entry-points/events/question-events.js';
import { userDeletedConsumer, userProvinceConsumer } from './entry-points/events/user-events.js';
import { registerVotingService } from './entry-points/grpc/voting-service.js';
import { startAnalyticsRollup } from './entry-points/jobs/analytics-rollup.js';
import { startResultsPublisher, type ResultsPublisher } from './entry-points/live/results-publisher.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the voting service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  let live: ResultsPublisher | undefined;
  let rollup: ReturnType<typeof startAnalyticsRollup> | undefined;
  return runService({
    name: 'voting',
    config,
    schema,
    migrationsFolder,
    beforeServe: async (ctx) => {
      live = startResultsPublisher(ctx, { intervalMs: config.LIVE_RESULTS_INTERVAL_MS, history: { bucketMs: config.HISTORY_BUCKET_MS, clock } });
      // Closed days' analytics, rolled up soon after start and then every minute (usually nothing to do).
      if (config.ANALYTICS_ROLLUP_INTERVAL_MS > 0) rollup = startAnalyticsRollup({ pool: ctx.pool, clock, logger: ctx.logger, intervalMs: config.ANALYTICS_ROLLUP_INTERVAL_MS });
    },
    grpc: (ctx, server) => registerVotingService(ctx, server, clock, config.COUNTER_SHARDS, (ids) => live?.changed(ids)),
    // After the last answers are written (in-flight calls drained), their totals go out before NATS closes.
    afterServing: async () => {
      await rollup?.stop();
      await live?.stop();
    },
    consumers: () => [questionEventsConsumer(), userDeletedConsumer(), userProvinceConsumer()],
    logger: createLogger('voting', config.LOG_LEVEL, config.LOG_FORMAT),
  });
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
