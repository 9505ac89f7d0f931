/**
 * `make up`: runs every service and the gateway on their fixed local ports until Ctrl-C.
 * `make dev` (`--dev`): the same from TypeScript source under `tsx watch` (a process restarts when its code changes),
 * and the web from Vite's dev server behind the gateway (hot module replacement; WEB_DEV_SERVER_URL).
 */
import { seedDemo } from './seed-demo.js';
import { startStack, startWebDevServer, stopChild } from './stack.js';

const dev = process.argv.includes('--dev');
const web = dev ? await startWebDevServer({ port: Number(process.env.WEB_DEV_PORT ?? 5173), logs: 'inherit' }) : undefined;

// The demo seed signs up 77 sample users from this machine: more than the per-IP signup budget (20 a minute) allows
// without a proof-of-work challenge, so development raises it (RATE_SIGNUP_PER_IP overrides).
const stack = await startStack({
  mode: 'dev',
  watch: dev,
  logs: 'inherit',
  // Readable, coloured lines (pino-pretty) even though each process writes into a pipe; LOG_FORMAT=json overrides.
  env: { LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' },
  gatewayPort: Number(process.env.PORT ?? 8080),
  gatewayEnv: { RATE_SIGNUP_PER_IP: process.env.RATE_SIGNUP_PER_IP ?? '200', ...(web && { WEB_DEV_SERVER_URL: web.url }) },
}).catch(async (err: unknown) => {
  if (web) await stopChild(web.child);
  throw err;
});
if (process.env.SEED_DEMO !== 'false') {
  await seedDemo(stack.baseUrl, process.env.ADMIN_PASSWORD ?? 'admin-dev-password', (m) => console.log(`demo     | ${m}`)).catch((err) =>
    console.error(`demo     | sample data not seeded: ${(err as Error).message}`),
  );
}
console.log(`\n  Mzansi Predicts is running at ${stack.baseUrl}${dev ? ' (development: hot reload)' : ''}\n  (admin: username "admin", password from ADMIN_PASSWORD, default "admin-dev-password")\n  Press Ctrl-C to stop.\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack.stop();
  if (web) await stopChild(web.child);
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
