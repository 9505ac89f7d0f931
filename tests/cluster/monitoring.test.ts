/**
 * The local monitoring (scripts/monitoring.ts) on its own: Prometheus scrapes targets with the ServiceMonitor's
 * labels, evaluates the production rules with `for:` divided by LOCAL_FOR_SCALE, and Alertmanager delivers to the
 * webhook receiver, firing and resolved. Two stand-in processes export the gauges a real one does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../services/kit/src/testing.ts';
import { LOCAL_FOR_SCALE } from '../../scripts/monitoring-rules.ts';
import { startMonitoring, type Monitoring } from '../../scripts/monitoring.ts';

let monitoring: Monitoring;
let dir: string;
let postgresUp = 1;
const servers: http.Server[] = [];

async function standIn(body: () => string): Promise<number> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body()));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mzansi-monitoring-'));
  const voting = await standIn(() => `dependency_up{dependency="postgres",service="voting"} ${postgresUp}\n`);
  monitoring = await startMonitoring({ dir, targets: [{ name: 'voting-0', metricsPort: voting }, { name: 'gateway-0', metricsPort: await freeClosedPort() }] });
});

afterAll(async () => {
  await monitoring?.stop();
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on: its target is down. */
async function freeClosedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const r = await fetch(`${monitoring.prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return ((await r.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
}

it('scrapes with the ServiceMonitor\'s labels; PostgresUnavailable fires after 60 s / the scale factor, reaches the webhook, and resolves', async () => {
  await eventually(async () => expect((await query('up{pod="voting-0"}'))[0]?.value[1]).toBe('1'), 30_000, 250);
  const [up] = await query('up{pod="voting-0"}');
  expect(up!.metric).toMatchObject({ job: 'voting', service: 'voting', pod: 'voting-0', namespace: 'mzansi-predicts', endpoint: 'metrics' });

  const lost = Date.now();
  postgresUp = 0;
  await eventually(() => expect(monitoring.received.find((a) => a.labels.alertname === 'PostgresUnavailable' && a.status === 'firing')).toBeDefined(), 60_000, 200);
  const firedAfterMs = monitoring.received.find((a) => a.labels.alertname === 'PostgresUnavailable')!.at - lost;
  console.log(`[monitoring] PostgresUnavailable reached the webhook ${firedAfterMs} ms after the gauge dropped (for: 60 s / ${LOCAL_FOR_SCALE})`);
  expect(firedAfterMs).toBeGreaterThanOrEqual(60_000 / LOCAL_FOR_SCALE);
  expect(monitoring.received.find((a) => a.labels.alertname === 'PostgresUnavailable')!.labels).toMatchObject({ service: 'voting', severity: 'page', namespace: 'mzansi-predicts' });

  // The gateway's target never answers: TargetDown for its pod.
  await eventually(() => expect(monitoring.received.find((a) => a.labels.alertname === 'TargetDown' && a.labels.pod === 'gateway-0')).toBeDefined(), 60_000, 200);

  postgresUp = 1;
  await eventually(() => expect(monitoring.received.find((a) => a.labels.alertname === 'PostgresUnavailable' && a.status === 'resolved')).toBeDefined(), 60_000, 200);
});
