// Dashboards and alerts use only metrics the code exports, and cover the publish burst.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { byKind, renderAll, renders } from './helpers.js';
import { CHART, ROOT, type K8sObject } from './render.js';
import { staleCopies } from './render-monitoring.js';

beforeAll(renderAll);

describe('observability', () => {
  /** Metric names the code exports (read from the sources) plus prom-client's default metrics. */
  function exportedMetrics(): Set<string> {
    const names = new Set<string>();
    // Every metric defined anywhere in the gateway's or the services' sources (files move; names must not).
    const sources = ['gateway/src', 'services'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && (dir !== 'services' || /^[^/]+\/src\//.test(f)))
        .map((f) => path.join(dir, f)),
    );
    for (const f of sources) {
      const src = readFileSync(path.join(ROOT, f), 'utf8');
      for (const m of src.matchAll(/new (?:client|prom)\.(Histogram|Counter|Gauge|Summary)\(\s*\{\s*name:\s*'([a-z_:][a-z0-9_:]*)'/g)) {
        const [, type, name] = m;
        names.add(name!);
        if (type === 'Histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name! + s);
        if (type === 'Summary') for (const s of ['_sum', '_count']) names.add(name! + s);
      }
    }
    // prom-client collectDefaultMetrics() (Node 24, Linux), less the per-handle gauges kit's createMetrics removes.
    const defaults = [
      'process_cpu_user_seconds_total', 'process_cpu_system_seconds_total', 'process_cpu_seconds_total', 'process_start_time_seconds',
      'process_resident_memory_bytes', 'process_virtual_memory_bytes', 'process_heap_bytes', 'process_open_fds', 'process_max_fds',
      'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_min_seconds', 'nodejs_eventloop_lag_max_seconds', 'nodejs_eventloop_lag_mean_seconds',
      'nodejs_eventloop_lag_stddev_seconds', 'nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p90_seconds', 'nodejs_eventloop_lag_p99_seconds',
      'nodejs_active_requests',
      'nodejs_active_requests_total', 'nodejs_heap_size_total_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_external_memory_bytes',
      'nodejs_heap_space_size_total_bytes', 'nodejs_heap_space_size_used_bytes', 'nodejs_heap_space_size_available_bytes', 'nodejs_version_info',
      'nodejs_gc_duration_seconds_bucket', 'nodejs_gc_duration_seconds_sum', 'nodejs_gc_duration_seconds_count',
    ];
    for (const d of defaults) names.add(d);
    return names;
  }

  const PROMQL_WORDS = new Set(['sum', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without', 'max', 'min', 'avg', 'count', 'clamp_min', 'clamp_max', 'and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right', 'label_values', 'topk', 'bottomk', 'abs', 'delta', 'deriv', 'le', 'offset', 'bool', 'time', 'vector', 'scalar', 'absent']);
  /** Metric names in a PromQL expression: identifiers not inside {…} label matchers, (…) grouping lists or [..] ranges, not functions. */
  function metricsIn(expr: string): string[] {
    const cleaned = expr
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
      .replace(/"[^"]*"/g, ' ');
    return [...cleaned.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b/g)].map((m) => m[1]!).filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w) && !/^e\d+$/.test(w));
  }

  const dashboard = JSON.parse(readFileSync(path.join(CHART, 'dashboards', 'publish-burst.json'), 'utf8'));
  const exprs = () => {
    const panelExprs = dashboard.panels.flatMap((p: K8sObject) => p.targets.map((t: { expr: string }) => ({ where: `panel "${p.title}"`, expr: t.expr })));
    const rule = byKind(renders['chart:prod']!, 'PrometheusRule')[0]!;
    const ruleExprs = rule.spec.groups.flatMap((g: K8sObject) => g.rules.map((r: { alert?: string; record?: string; expr: string }) => ({ where: r.alert ? `alert ${r.alert}` : `rule ${r.record}`, expr: r.expr })));
    const vars = dashboard.templating.list.filter((v: K8sObject) => typeof v.query === 'string' && v.query.startsWith('label_values')).map((v: K8sObject) => ({ where: `variable ${v.name}`, expr: v.query.replace(/^label_values\(([^,]+),.*$/, '$1') }));
    return [...panelExprs, ...ruleExprs, ...vars] as { where: string; expr: string }[];
  };

  it('every metric a dashboard panel or an alert uses is exported by the code', () => {
    const exported = exportedMetrics();
    // Not ours: Prometheus's own `up`, the blackbox exporter's `probe_success` (its probe of each NATS node), and
    // kube-state-metrics (kube-prometheus-stack installs it) for restarts, OOM kills and HPA replicas.
    for (const m of ['up', 'probe_success', 'kube_pod_container_status_restarts_total', 'kube_pod_container_status_last_terminated_reason', 'kube_horizontalpodautoscaler_status_current_replicas', 'kube_horizontalpodautoscaler_spec_max_replicas'])
      exported.add(m);
    // The recording rules' own series (the burn-rate SLIs).
    for (const g of byKind(renders['chart:prod']!, 'PrometheusRule')[0]!.spec.groups) for (const r of g.rules) if (r.record) exported.add(r.record);
    expect(exported).toContain('grpc_server_handling_seconds_count');
    expect(exported).toContain('ws_connections');
    const missing = exprs().flatMap(({ where, expr }) => metricsIn(expr).filter((m) => !exported.has(m)).map((m) => `${where}: ${m}`));
    expect(missing).toEqual([]);
    // The guard itself works: a made-up name is caught.
    expect(metricsIn('sum(rate(votes_cast_total{a="b"}[1m]))').filter((m) => !exported.has(m))).toEqual(['votes_cast_total']);
  });

  it('the dashboard shows the publish burst: votes/s, p95 per route, websockets, outbox lag, errors', () => {
    const all = exprs().map((e) => e.expr).join('\n');
    // Votes, not calls: concurrent votes travel to voting as one SubmitAnswers call.
    expect(all).toContain('rate(voting_answers_submitted_total{namespace=~"$namespace",grpc_code="OK"}[1m])');
    expect(all).toMatch(/histogram_quantile\(0\.95, sum by \(le, route\) \(rate\(http_request_duration_seconds_bucket/);
    for (const m of ['ws_connections', 'outbox_lag_seconds', 'status=~"5.."']) expect(all).toContain(m);
    const cm = byKind(renders['chart:default']!, 'ConfigMap').find((c) => c.metadata.labels?.grafana_dashboard === '1');
    expect(JSON.parse(cm!.data['publish-burst.json']).uid).toBe(dashboard.uid);
  });

  it('the kustomize copy of the rules is the render of their one source (charts/mzansi-predicts/monitoring/rules.tpl.yaml)', () => {
    expect(staleCopies(), 'run `npx tsx tests/manifests/render-monitoring.ts`').toEqual([]);
    const tpl = readFileSync(path.join(CHART, 'templates', 'monitoring.yaml'), 'utf8');
    expect(tpl).toContain('tpl (.Files.Get "monitoring/rules.tpl.yaml") .');
    expect(tpl).not.toMatch(/- alert:/);
    // Alertmanager's routing: kustomize generates its ConfigMap from the rendered copy, equal to the chart's.
    const am = (r: string) => byKind(renders[r]!, 'ConfigMap').find((c) => c.metadata.name.startsWith('mzansi-predicts-alertmanager'))!;
    expect(am('kustomize:prod').metadata.name).toMatch(/^mzansi-predicts-alertmanager-[a-z0-9]{10}$/);
    expect(YAML.parse(am('kustomize:prod').data['alertmanager.yaml'])).toEqual(YAML.parse(am('chart:prod').data['alertmanager.yaml']));
    expect(YAML.parse(am('chart:prod').data['alertmanager.yaml']).inhibit_rules.length).toBeGreaterThanOrEqual(3);
  });

  it('every alert links its runbook: a section of docs/operations.md named after it', () => {
    const ops = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    const headings = new Set([...ops.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    const rule = byKind(renders['chart:prod']!, 'PrometheusRule')[0]!;
    const alerts = rule.spec.groups.flatMap((g: K8sObject) => g.rules.filter((r: { alert?: string }) => r.alert)) as { alert: string; annotations: Record<string, string> }[];
    const broken = alerts.filter((a) => {
      const [page, anchor] = a.annotations.runbook_url!.split('#');
      return !page!.endsWith('/docs/operations.md') || anchor !== a.alert.toLowerCase() || !headings.has(anchor);
    });
    expect(broken.map((a) => `${a.alert}: ${a.annotations.runbook_url}`)).toEqual([]);
    // Each section says what it means, how to confirm it with a query, and what to do.
    for (const name of new Set(alerts.map((a) => a.alert))) {
      const start = ops.indexOf(`\n### ${name}\n`);
      const section = ops.slice(start, ops.indexOf('\n#', start + 2));
      expect(section, name).toMatch(/Confirm:[\s\S]*`[^`]*\{namespace="\$NS"[^`]*`[\s\S]*Do:\s/);
    }
  });

  it('alerts cover error rate, latency, outbox lag and consumer backlog', () => {
    const rule = byKind(renders['chart:default']!, 'PrometheusRule')[0]!;
    const alerts = rule.spec.groups.flatMap((g: K8sObject) => g.rules.map((r: { alert: string }) => r.alert));
    expect(alerts).toEqual(expect.arrayContaining(['GatewayHighErrorRate', 'GrpcServiceHighErrorRate', 'GatewayHighLatency', 'OutboxLagging', 'ConsumerBacklog']));
    for (const r of rule.spec.groups[0].rules) expect(r.expr, r.alert).not.toMatch(/<no value>|\{\{/);
  });
});
