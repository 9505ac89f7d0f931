import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as schema from './data-access/schema.js';
import { questionDeletedConsumer, userEventsConsumer } from './entry-points/events/consumers.js';
import { registerSocialService } from './entry-points/grpc/social-service.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the social service; tests call it in-process with their own env (ports 0). */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config: Config = loadConfig(env);
  return runService({
    name: 'social',
    config,
    schema,
    migrationsFolder,
    grpc: registerSocialService,
    consumers: () => [userEventsConsumer() as never, questionDeletedConsumer() as never],
    logger: createLogger('social', config.LOG_LEVEL),
  });
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
