import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { questionEventsConsumer } from './entry-points/events/question-events.js';
import { userDeletedConsumer } from './entry-points/events/user-events.js';
import { registerVotingService } from './entry-points/grpc/voting-service.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the voting service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  return runService({
    name: 'voting',
    config,
    schema,
    migrationsFolder,
    grpc: (ctx, server) => registerVotingService(ctx, server, clock, config.COUNTER_SHARDS),
    consumers: () => [questionEventsConsumer() as never, userDeletedConsumer() as never],
    logger: createLogger('voting', config.LOG_LEVEL),
  });
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
