import { pathToFileURL } from 'node:url';
import type { Logger } from './logger.js';

/** True when the module at `metaUrl` is the process's entry point (`node dist/main.js`). */
export function isMain(metaUrl: string): boolean {
  return !!process.argv[1] && metaUrl === pathToFileURL(process.argv[1]).href;
}

/** SIGTERM / SIGINT → graceful stop, then exit. A second signal exits at once. */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    logger.info({ signal }, 'signal received');
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
