/**
 * Prometheus and Alertmanager (Debian's packages) beside the cluster topology: every Node process scraped with the
 * labels the chart's ServiceMonitor gives them in Kubernetes (job and service = the component, pod = the replica,
 * namespace mzansi-predicts, endpoint metrics), the rules rendered from their one source with every `for:` divided
 * by LOCAL_FOR_SCALE, and Alertmanager with the production inhibition, routing every alert to a webhook receiver
 * inside this process. Scrapes and evaluations every second. `make up-cluster`: Prometheus on :9090, Alertmanager
 * on :9093; tests: free ports. With `exporters`, also the servers' own views: PostgreSQL (job postgres,
 * prometheus-postgres-exporter), Redis (job redis, prometheus-redis-exporter), HAProxy (job haproxy, its built-in
 * exporter) and each NATS node's JetStream health (job nats, instance = the node, prometheus-blackbox-exporter probing
 * /healthz?js-enabled-only=true: Debian has no NATS exporter), as the chart's Probe and the data tier's monitors name them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { Daemon, waitForPort } from './cluster-servers.js';
import { alertmanagerConfig, LOCAL_FOR_SCALE, ruleGroups, writeRulesFile } from './monitoring-rules.js';
import { freePort } from './stack.js';

export const PROMETHEUS_BIN = '/usr/bin/prometheus';
export const ALERTMANAGER_BIN = '/usr/bin/prometheus-alertmanager';
const POSTGRES_EXPORTER_BIN = '/usr/bin/prometheus-postgres-exporter';
const REDIS_EXPORTER_BIN = '/usr/bin/prometheus-redis-exporter';
const BLACKBOX_EXPORTER_BIN = '/usr/bin/prometheus-blackbox-exporter';
export const NAMESPACE = 'mzansi-predicts';

export interface ScrapeTarget {
  /** The replica, e.g. `voting-1` (the pod label). */
  name: string;
  metricsPort: number;
}

export interface WebhookAlert {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
  startsAt: string;
  endsAt: string;
}

/** The servers of the topology their exporters watch (scripts/cluster.ts). */
export interface ExporterTargets {
  postgresUrl: string;
  redisUrl: string;
  /** HAProxy's built-in Prometheus endpoint (/metrics). */
  haproxyMetricsPort: number;
  /** Each NATS node's monitoring port (its name is the probe's instance label). */
  nats: { name: string; monitorPort: number }[];
}

export interface Monitoring {
  prometheusUrl: string;
  alertmanagerUrl: string;
  /** Every alert the webhook receiver got, in order (Alertmanager's notifications, firing and resolved). */
  received: Array<WebhookAlert & { at: number }>;
  /** Rewrites the scrape targets (a replica added or gone); Prometheus reloads the file by itself. */
  setTargets(targets: ScrapeTarget[]): void;
  /** What Prometheus says of its targets and rules now (its HTTP API). */
  health(): Promise<MonitoringHealth>;
  stop(): Promise<void>;
}

export interface MonitoringHealth {
  /** Every active target: `job/pod` (or `job/instance` for the servers' exporters), and why it is down if it is. */
  targets: { name: string; health: string; lastError: string }[];
  down: string[];
  /** Rules in the rendered file, rules Prometheus has loaded, and those whose last evaluation was not ok. */
  rules: { expected: number; loaded: number; notOk: string[] };
  healthy: boolean;
}

/** The component of a replica name: `voting-1` → `voting`. */
const component = (name: string) => name.replace(/-\d+$/, '');

export async function startMonitoring(opts: { dir: string; targets: ScrapeTarget[]; prometheusPort?: number; alertmanagerPort?: number; exporters?: ExporterTargets }): Promise<Monitoring> {
  const dir = path.join(opts.dir, 'monitoring');
  mkdirSync(dir, { recursive: true });
  const received: Monitoring['received'] = [];
  const webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        for (const a of (JSON.parse(body) as { alerts: WebhookAlert[] }).alerts) received.push({ ...a, at: Date.now() });
      } catch {
        // not a notification: ignored
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/alerts`;

  const promPort = opts.prometheusPort ?? (await freePort());
  const amPort = opts.alertmanagerPort ?? (await freePort());
  const amClusterPort = await freePort();
  const targetsFile = path.join(dir, 'targets.json');
  const setTargets = (targets: ScrapeTarget[]) => {
    const groups = targets.map((t) => ({
      targets: [`127.0.0.1:${t.metricsPort}`],
      labels: { job: component(t.name), service: component(t.name), pod: t.name, container: component(t.name), namespace: NAMESPACE, endpoint: 'metrics' },
    }));
    // Written whole and renamed: Prometheus never reads half a file.
    writeFileSync(`${targetsFile}.tmp`, JSON.stringify(groups));
    renameSync(`${targetsFile}.tmp`, targetsFile);
  };
  setTargets(opts.targets);

  const exporters = opts.exporters ? await startExporters(dir, opts.exporters) : { daemons: [], scrapeConfigs: [] };
  const rules = writeRulesFile(path.join(dir, 'rules.yaml'), LOCAL_FOR_SCALE);
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    YAML.stringify({
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: [rules],
      alerting: { alertmanagers: [{ static_configs: [{ targets: [`127.0.0.1:${amPort}`] }] }] },
      // job, service and pod come from the target file, as the ServiceMonitor's relabelling sets them.
      scrape_configs: [{ job_name: 'mzansi-predicts', honor_labels: false, file_sd_configs: [{ files: [targetsFile], refresh_interval: '1s' }] }, ...exporters.scrapeConfigs],
    }),
  );
  // Production's routing with its inhibition, every receiver replaced by the local webhook and no waiting.
  const am = YAML.parse(alertmanagerConfig()) as { route: Record<string, unknown>; receivers: unknown[]; inhibit_rules: unknown[] };
  writeFileSync(
    path.join(dir, 'alertmanager.yml'),
    YAML.stringify({
      route: { receiver: 'local', group_by: ['alertname', 'namespace', 'service', 'pod'], group_wait: '0s', group_interval: '1s', repeat_interval: '1h' },
      receivers: [{ name: 'local', webhook_configs: [{ url: webhookUrl, send_resolved: true }] }],
      inhibit_rules: am.inhibit_rules,
    }),
  );

  const prometheus = new Daemon('prometheus', PROMETHEUS_BIN, [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
    `--web.listen-address=127.0.0.1:${promPort}`,
    '--storage.tsdb.retention.time=1d',
  ], path.join(dir, 'prometheus.log'));
  const alertmanager = new Daemon('alertmanager', ALERTMANAGER_BIN, [
    `--config.file=${path.join(dir, 'alertmanager.yml')}`,
    `--storage.path=${path.join(dir, 'am')}`,
    `--web.listen-address=127.0.0.1:${amPort}`,
    `--cluster.listen-address=127.0.0.1:${amClusterPort}`,
  ], path.join(dir, 'alertmanager.log'));
  alertmanager.start();
  prometheus.start();
  await waitForPort(amPort, alertmanager);
  await waitForPort(promPort, prometheus);
  await Promise.all(exporters.daemons.map(({ daemon, port }) => waitForPort(port, daemon)));
  const prometheusUrl = `http://127.0.0.1:${promPort}`;
  const expectedRules = ruleGroups().reduce((n, g) => n + g.rules.length, 0);
  return {
    prometheusUrl,
    alertmanagerUrl: `http://127.0.0.1:${amPort}`,
    received,
    setTargets,
    health: () => prometheusHealth(prometheusUrl, expectedRules),
    async stop() {
      await prometheus.kill('SIGTERM');
      await alertmanager.kill('SIGTERM');
      for (const { daemon } of exporters.daemons) await daemon.kill('SIGTERM');
      await new Promise<void>((resolve) => webhook.close(() => resolve()));
    },
  };
}

async function prometheusHealth(url: string, expected: number): Promise<MonitoringHealth> {
  const api = async <T>(p: string) => ((await (await fetch(`${url}/api/v1/${p}`)).json()) as { data: T }).data;
  type Target = { labels: Record<string, string>; health: string; lastError: string };
  type Rule = { name: string; health: string };
  const [{ activeTargets }, { groups }] = await Promise.all([api<{ activeTargets: Target[] }>('targets'), api<{ groups: { rules: Rule[] }[] }>('rules')]);
  const targets = activeTargets.map((t) => ({ name: `${t.labels.job}/${t.labels.pod ?? t.labels.instance}`, health: t.health, lastError: t.lastError }));
  const rules = groups.flatMap((g) => g.rules);
  const down = targets.filter((t) => t.health !== 'up').map((t) => `${t.name} (${t.health}${t.lastError ? `: ${t.lastError}` : ''})`);
  const notOk = rules.filter((r) => r.health !== 'ok').map((r) => `${r.name} (${r.health})`);
  return { targets, down, rules: { expected, loaded: rules.length, notOk }, healthy: targets.length > 0 && !down.length && rules.length === expected && !notOk.length };
}

/** Polls `m.health()` until every target is up and every rule loaded and evaluated, or `timeoutMs` passes. */
export async function untilHealthy(m: Pick<Monitoring, 'health'>, timeoutMs = 60_000): Promise<MonitoringHealth & { afterMs: number }> {
  const start = Date.now();
  for (;;) {
    const h = await m.health().catch(() => undefined);
    const late = Date.now() - start > timeoutMs;
    if (h && (h.healthy || late)) return { ...h, afterMs: Date.now() - start };
    if (late) throw new Error(`Prometheus did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The exporters of `t`, started, and the scrape jobs that read them (every second, like the processes). */
async function startExporters(dir: string, t: ExporterTargets) {
  const [pgPort, redisPort, blackboxPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const log = (name: string) => path.join(dir, `${name}.log`);
  const listen = (port: number) => `127.0.0.1:${port}`;
  const blackboxConfig = path.join(dir, 'blackbox.yml');
  writeFileSync(blackboxConfig, YAML.stringify({ modules: { nats_jetstream: { prober: 'http', timeout: '1s', http: { valid_status_codes: [200], preferred_ip_protocol: 'ip4' } } } }));
  const daemons = [
    { daemon: new Daemon('postgres-exporter', POSTGRES_EXPORTER_BIN, [`--web.listen-address=${listen(pgPort)}`], log('postgres-exporter'), { DATA_SOURCE_NAME: `${t.postgresUrl}?sslmode=disable` }), port: pgPort },
    { daemon: new Daemon('redis-exporter', REDIS_EXPORTER_BIN, ['-redis.addr', t.redisUrl, '-web.listen-address', listen(redisPort)], log('redis-exporter')), port: redisPort },
    { daemon: new Daemon('blackbox-exporter', BLACKBOX_EXPORTER_BIN, [`--config.file=${blackboxConfig}`, `--web.listen-address=${listen(blackboxPort)}`], log('blackbox-exporter')), port: blackboxPort },
  ];
  for (const { daemon } of daemons) daemon.start();
  const job = (name: string, port: number) => ({ job_name: name, static_configs: [{ targets: [listen(port)], labels: { namespace: NAMESPACE } }] });
  const scrapeConfigs = [
    job('postgres', pgPort),
    job('redis', redisPort),
    job('haproxy', t.haproxyMetricsPort),
    {
      job_name: 'nats',
      metrics_path: '/probe',
      params: { module: ['nats_jetstream'] },
      static_configs: t.nats.map((n) => ({ targets: [`http://127.0.0.1:${n.monitorPort}/healthz?js-enabled-only=true`], labels: { instance: n.name } })),
      // The probed URL becomes the exporter's ?target=; the series keep the node's name as their instance.
      relabel_configs: [
        { source_labels: ['__address__'], target_label: '__param_target' },
        { target_label: '__address__', replacement: listen(blackboxPort) },
      ],
    },
  ];
  return { daemons, scrapeConfigs };
}
