import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, withJobs, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { seedDemo } from './data-access/seed.js';
import { userDeletedConsumer } from './entry-points/events/user-events.js';
import { registerQuestionsService } from './entry-points/grpc/questions-service.js';
import { startScheduler } from './entry-points/jobs/scheduler.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the questions service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  const running = await runService({
    name: 'questions',
    config,
    schema,
    migrationsFolder,
    grpc: (ctx, server) => registerQuestionsService(ctx, server, clock),
    consumers: () => [userDeletedConsumer()],
    async beforeServe(ctx) {
      if (config.SEED_DEMO) await seedDemo(ctx, clock());
    },
    logger: createLogger('questions', config.LOG_LEVEL, config.LOG_FORMAT),
  });
  // Scheduled drafts publish themselves; every replica polls, the row locks keep each publish to one.
  const scheduler = startScheduler(running.ctx, clock, config.SCHEDULE_POLL_MS);
  return withJobs(running, [scheduler]);
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
