/**
 * `make up-cluster`: the cluster topology (scripts/cluster.ts) on http://localhost:8080 (PORT to change) until
 * Ctrl-C, then everything stopped and its temporary folder removed.
 */
import { seedDemo } from './seed-demo.js';
import { startCluster } from './cluster.js';
import { untilHealthy } from './monitoring.js';

const cluster = await startCluster({ mode: 'dev', port: Number(process.env.PORT ?? 8080), monitoring: true });
if (process.env.SEED_DEMO !== 'false') {
  await seedDemo(cluster.baseUrl, process.env.ADMIN_PASSWORD ?? 'admin-dev-password', (m) => console.log(`demo     | ${m}`)).catch((err) =>
    console.error(`demo     | sample data not seeded: ${(err as Error).message}`),
  );
}
const line = (name: string, what: string) => console.log(`  ${name.padEnd(12)} ${what}`);
console.log(`\n  Mzansi Predicts (cluster) is running at ${cluster.baseUrl}\n`);
line('haproxy', `${cluster.baseUrl} → ${cluster.gateways().map((g) => `127.0.0.1:${g.env.PORT}`).join(', ')}`);
for (const p of Object.values(cluster.processes)) if (!p.name.startsWith('gateway')) line(p.name, `gRPC 127.0.0.1:${p.grpcPort}, metrics :${p.metricsPort}`);
line('nats', cluster.natsUrl);
line('postgres', `primary ${cluster.primary.adminUrl}, streaming replica ${cluster.replica.adminUrl}`);
line('redis', cluster.redisUrl);
if (cluster.monitoring) {
  line('prometheus', `${cluster.monitoring.prometheusUrl} (alerts: ${cluster.monitoring.alertmanagerUrl})`);
  const h = await untilHealthy(cluster.monitoring);
  const up = h.targets.length - h.down.length;
  line('', `${up} of ${h.targets.length} targets up, ${h.rules.loaded} of ${h.rules.expected} rules loaded${h.rules.notOk.length ? ` (${h.rules.notOk.length} not evaluated yet)` : ''}`);
  for (const d of h.down) line('', `down: ${d}`);
}
console.log(`  logs and data: ${cluster.dir}\n  Press Ctrl-C to stop.\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await cluster.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
