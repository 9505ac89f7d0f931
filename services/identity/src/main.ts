import { fileURLToPath } from 'node:url';
import { createLogger, isMain, runService, stopOnSignals, systemClock, withJobs, type Clock } from '@mzansi/kit';
import { loadConfig, type Config } from './config.js';
import * as repo from './data-access/users-repo.js';
import * as schema from './data-access/schema.js';
import { hashPassword, verifyPassword } from './domain/passwords.js';
import { createUser, registerIdentityService } from './entry-points/grpc/identity-service.js';
import { auditEventsConsumer } from './entry-points/events/audit-consumer.js';
import { startIdentityRetention } from './entry-points/jobs/retention.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Starts the identity service; tests call it in-process with their own env (ports 0) and clock. */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { clock?: Clock } = {}) {
  const config: Config = loadConfig(env);
  const clock = opts.clock ?? systemClock;
  const running = await runService({
    name: 'identity',
    config,
    schema,
    migrationsFolder,
    grpc: (ctx, server) => registerIdentityService(ctx, server, clock),
    // The admin actions other services record, into the audit log.
    consumers: () => [auditEventsConsumer('questions.audit.recorded'), auditEventsConsumer('social.audit.recorded')],
    async beforeServe(ctx) {
      // The admin account comes from configuration: created once, kept an admin, password kept in step.
      const existing = await repo.findByUsername(ctx.db, config.ADMIN_USERNAME);
      if (!existing) {
        await createUser(ctx, {
          username: config.ADMIN_USERNAME,
          password: config.ADMIN_PASSWORD,
          name: config.ADMIN_NAME,
          email: null,
          phoneNumber: null,
          isAdmin: true,
        }).catch((err: { code?: string }) => {
          if (err.code !== 'ALREADY_EXISTS') throw err; // another replica made it first
        });
        ctx.logger.info({ username: config.ADMIN_USERNAME }, 'admin account created');
      } else if (!existing.isAdmin || !(await verifyPassword(existing.passwordHash, config.ADMIN_PASSWORD))) {
        await repo.updateUser(ctx.db, existing.id, { isAdmin: true, passwordHash: await hashPassword(config.ADMIN_PASSWORD) });
        ctx.logger.info({ username: config.ADMIN_USERNAME }, 'admin account updated from configuration');
      }
    },
    logger: createLogger('identity', config.LOG_LEVEL, config.LOG_FORMAT),
  });
  // Retention (docs/privacy.md): audit entries past one year, expired verification links.
  const retention = startIdentityRetention({ db: running.ctx.db, logger: running.ctx.logger, metrics: running.ctx.metrics, clock, intervalMs: config.RETENTION_INTERVAL_S * 1000 });
  return withJobs(running, [retention]);
}

if (isMain(import.meta.url)) {
  const running = await start();
  stopOnSignals(running.stop, running.ctx.logger);
}
