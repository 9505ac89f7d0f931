/** `make up`: runs every service and the gateway on their fixed local ports until Ctrl-C. */
import { startStack } from './stack.js';

const stack = await startStack({ mode: 'dev', logs: 'inherit', gatewayPort: Number(process.env.PORT ?? 8080) });
console.log(`\n  Mzansi Predicts is running at ${stack.baseUrl}\n  (admin: username "admin", password from ADMIN_PASSWORD, default "admin-dev-password")\n  Press Ctrl-C to stop.\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
