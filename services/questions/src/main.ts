import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { seedDemo } from './data-access/seed.js';
import { userDeletedConsumer } from './entry-points/events/user-events.js';
import { registerQuestionsService } from './entry-points/grpc/questions-service.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the questions service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  return runService({
    name: 'questions',
    config,
    schema,
    migrationsFolder,
    grpc: (ctx, server) => registerQuestionsService(ctx, server, clock),
    consumers: () => [userDeletedConsumer()],
    async beforeServe(ctx) {
      if (config.SEED_DEMO) await seedDemo(ctx, clock());
    },
    logger: createLogger('questions', config.LOG_LEVEL),
  });
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
