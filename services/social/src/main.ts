import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { questionEventsConsumer, userEventsConsumer } from './entry-points/events/consumers.js';
import { registerSocialService } from './entry-points/grpc/social-service.js';
import { startImageBackfill } from './entry-points/jobs/reencode-images.js';
import { registerModerationMetrics } from './entry-points/moderation-metrics.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the social service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const clock = opts.clock ?? systemClock;
  const config: Config = loadConfig(env);
  const running = await runService({
    name: 'social',
    config,
    schema,
    migrationsFolder,
    grpc: (ctx, server) => registerSocialService(ctx, server, clock),
    consumers: () => [userEventsConsumer(), questionEventsConsumer()],
    logger: createLogger('social', config.LOG_LEVEL, config.LOG_FORMAT),
  });
  registerModerationMetrics(running.ctx, clock);
  const backfill = startImageBackfill(running.ctx);
  return {
    ...running,
    /** Settles when the images stored before re-encoding are converted (the count). */
    imageBackfill: backfill.done,
    async stop() {
      await backfill.stop();
      await running.stop();
    },
  };
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
