/**
 * The Grafana dashboard checked through its queries (Grafana is not installable here): after the scenarios, each
 * panel of charts/mzansi-predicts/dashboards/publish-burst.json, its `$namespace` set as Grafana would, has data in
 * the cluster's Prometheus from at least one of its queries over the run (the fault scenarios make the failure-only
 * counters count); every query is valid, and every legend names labels its series carry. No panel needs a
 * Kubernetes-only metric, so none is exempt.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Cluster } from '../../scripts/cluster.ts';
import { NAMESPACE } from '../../scripts/monitoring.ts';
import { seriesOver } from './alerts.ts';
import { report } from './context.ts';

const DASHBOARD = new URL('../../charts/mzansi-predicts/dashboards/publish-burst.json', import.meta.url);

interface Panel {
  title: string;
  targets?: { expr: string; legendFormat?: string }[];
}

/** The label names a legend shows (`{{route}} {{status}}`). */
const legendLabels = (legend = '') => [...legend.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

export async function dashboardPanelsShowData(cluster: Cluster, since: number): Promise<void> {
  const panels = (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] }).panels.filter((p) => p.targets?.length);
  expect(panels.length).toBeGreaterThanOrEqual(10);
  const empty: string[] = [];
  const badLegends: string[] = [];
  const withData: Record<string, number> = {};
  for (const panel of panels) {
    let queriesWithData = 0;
    for (const { expr, legendFormat } of panel.targets!) {
      const series = await seriesOver(cluster, expr.replaceAll('$namespace', NAMESPACE), since);
      if (!series.length) continue;
      queriesWithData++;
      // A legend names labels the query's series carry.
      for (const label of legendLabels(legendFormat)) if (!series.some((m) => label in m)) badLegends.push(`${panel.title}: {{${label}}} in ${expr}`);
    }
    withData[panel.title] = queriesWithData;
    if (queriesWithData === 0) empty.push(panel.title);
  }
  const alerts = [...new Set(cluster.monitoring!.received.filter((a) => a.status === 'firing').map((a) => a.labels.alertname))].sort();
  report('8 dashboard and alerts', { panels: panels.length, queriesWithData: withData, alertsDelivered: alerts });
  expect(empty, 'dashboard panels without data').toEqual([]);
  expect(badLegends, 'legends naming labels the series do not have').toEqual([]);
}
