/**
 * The cluster's monitoring seen from the scenarios (scripts/monitoring.ts): an alert fired is one Alertmanager has
 * delivered to the webhook receiver and still lists as active (its HTTP API), and that Prometheus lists as firing;
 * resolved is the webhook's resolved notification with Prometheus no longer firing it. Each returns the time it took.
 */
import { expect } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { until } from '../faults/helpers.ts';

type Labels = Record<string, string>;
const matches = (labels: Labels, want: Labels) => Object.entries(want).every(([k, v]) => labels[k] === v);

function monitoringOf(cluster: Cluster) {
  const m = cluster.monitoring;
  if (!m) throw new Error('the cluster runs without monitoring (startCluster({ monitoring: true }))');
  return m;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Prometheus' firing alerts named `name` whose labels include `want`. */
async function firingInPrometheus(cluster: Cluster, name: string, want: Labels) {
  const { data } = await getJson<{ data: { alerts: { labels: Labels; state: string }[] } }>(`${monitoringOf(cluster).prometheusUrl}/api/v1/alerts`);
  return data.alerts.filter((a) => a.state === 'firing' && a.labels.alertname === name && matches(a.labels, want));
}

/** Waits until `name` (with labels `want`) fires; the ms from `since` to its notification at the webhook. */
export async function alertFires(cluster: Cluster, name: string, want: Labels, since: number, timeoutMs = 60_000): Promise<number> {
  const m = monitoringOf(cluster);
  const note = await until(
    `${name} ${JSON.stringify(want)} at the webhook`,
    async () => m.received.find((a) => a.status === 'firing' && a.labels.alertname === name && matches(a.labels, want) && a.at >= since),
    timeoutMs,
    250,
  );
  const active = await getJson<{ labels: Labels; status: { state: string } }[]>(`${m.alertmanagerUrl}/api/v2/alerts?active=true&filter=${encodeURIComponent(`alertname="${name}"`)}`);
  expect(active.filter((a) => matches(a.labels, want)).length, `${name} active in Alertmanager`).toBeGreaterThan(0);
  expect((await firingInPrometheus(cluster, name, want)).length, `${name} firing in Prometheus`).toBeGreaterThan(0);
  return note.at - since;
}

/** Waits until `name` (with labels `want`) has resolved at the webhook and Prometheus fires it no more. */
export async function alertResolves(cluster: Cluster, name: string, want: Labels, since: number, timeoutMs = 60_000): Promise<number> {
  const m = monitoringOf(cluster);
  const note = await until(
    `${name} ${JSON.stringify(want)} resolved`,
    async () => m.received.find((a) => a.status === 'resolved' && a.labels.alertname === name && matches(a.labels, want) && a.at >= since),
    timeoutMs,
    250,
  );
  await until(`${name} no longer firing in Prometheus`, async () => ((await firingInPrometheus(cluster, name, want)).length === 0 ? true : undefined), 30_000, 250);
  return note.at - since;
}

/** An instant query's series. */
export async function promQuery(cluster: Cluster, expr: string): Promise<{ metric: Labels; value: [number, string] }[]> {
  const { data } = await getJson<{ data: { result: { metric: Labels; value: [number, string] }[] } }>(
    `${monitoringOf(cluster).prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`,
  );
  return data.result;
}

/** The series `expr` returned at any step from `start` (ms) to now (their label sets); an invalid query throws. */
export async function seriesOver(cluster: Cluster, expr: string, start: number): Promise<Labels[]> {
  const q = new URLSearchParams({ query: expr, start: String(start / 1000), end: String(Date.now() / 1000), step: '5' });
  const { data } = await getJson<{ data: { result: { metric: Labels }[] } }>(`${monitoringOf(cluster).prometheusUrl}/api/v1/query_range?${q.toString()}`);
  return data.result.map((r) => r.metric);
}
