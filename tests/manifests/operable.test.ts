// Operable Kubernetes: disruption budgets, autoscaling, spreading, ingress, monitoring, config hashes.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, COMPONENTS, find, matches, PROD, renderAll, renders, workloads } from './helpers.js';
import { CHART, OVERLAYS, ROOT, helmTemplate, type K8sObject } from './render.js';
import { schemaProblems } from './validate.js';

beforeAll(renderAll);

describe('operable Kubernetes', () => {
  it('prod: PDBs are percentages, HPAs scale down by policy after a stabilization window', () => {
    for (const r of PROD) {
      const pdbs = byKind(renders[r]!, 'PodDisruptionBudget');
      expect(pdbs.length, r).toBe(COMPONENTS.length);
      for (const p of pdbs) expect(String(p.spec.minAvailable ?? p.spec.maxUnavailable), `${r} ${p.metadata.name}`).toMatch(/^[0-9]+%$/);
      for (const h of byKind(renders[r]!, 'HorizontalPodAutoscaler')) {
        const down = h.spec.behavior?.scaleDown;
        expect(down?.stabilizationWindowSeconds, `${r} ${h.metadata.name}`).toBeGreaterThanOrEqual(60);
        expect(down?.policies?.length, `${r} ${h.metadata.name}`).toBeGreaterThan(0);
        for (const pol of down.policies) expect(pol.periodSeconds).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it('every Deployment spreads its own pods over zones and hosts', () => {
    for (const [r, objs] of Object.entries(renders)) {
      for (const d of byKind(objs, 'Deployment')) {
        const tsc = d.spec.template.spec.topologySpreadConstraints ?? [];
        expect(tsc.map((t: K8sObject) => t.topologyKey).sort(), `${r} ${d.metadata.name}`).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
        for (const t of tsc) {
          expect(t.maxSkew).toBe(1);
          expect(matches(t.labelSelector.matchLabels, d.spec.template.metadata.labels), `${r} ${d.metadata.name}`).toBe(true);
          expect(Object.keys(t.labelSelector.matchLabels)).toContain('app.kubernetes.io/name');
        }
      }
    }
  });

  it('an Ingress with TLS, a body limit that fits a 5 MB image in JSON, hour-long websocket timeouts; the gateway trusts one proxy hop', () => {
    // The comments route takes a comment's image as a data URL in its JSON body (gateway/src/routes/comments.ts).
    const comments = readFileSync(path.join(ROOT, 'gateway', 'src', 'routes', 'comments.ts'), 'utf8');
    const gatewayLimit = Number(/express\.json\(\{ limit: '(\d+)mb'/.exec(comments)![1]) * 1024 * 1024;
    const imageAsJson = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 1024;
    expect(gatewayLimit).toBeGreaterThanOrEqual(imageAsJson);
    const bytes = (v: string) => Number(v.slice(0, -1)) * { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[v.slice(-1) as 'k' | 'm' | 'g'];
    const ingresses: Record<string, K8sObject> = {};
    for (const r of PROD) {
      const objs = renders[r]!;
      const [ing, ...more] = byKind(objs, 'Ingress');
      expect(more, r).toEqual([]);
      ingresses[r] = ing!;
      const a = ing!.metadata.annotations!;
      expect(bytes(a['nginx.ingress.kubernetes.io/proxy-body-size']!), r).toBeGreaterThanOrEqual(imageAsJson);
      expect(bytes(a['nginx.ingress.kubernetes.io/proxy-body-size']!), r).toBeLessThanOrEqual(gatewayLimit);
      for (const t of ['proxy-read-timeout', 'proxy-send-timeout']) expect(Number(a[`nginx.ingress.kubernetes.io/${t}`]), `${r} ${t}`).toBeGreaterThanOrEqual(3600);
      const hosts = ing!.spec.rules.map((x: K8sObject) => x.host);
      expect(ing!.spec.tls[0].hosts, r).toEqual(hosts);
      expect(ing!.spec.tls[0].secretName, r).toBeTruthy();
      const backend = ing!.spec.rules[0].http.paths[0].backend.service;
      expect(find(objs, 'Service', backend.name)!.spec.ports.map((p: { name: string }) => p.name), r).toContain(backend.port.name);
      expect(find(objs, 'ConfigMap', 'gateway-config')!.data.TRUST_PROXY, r).toBe('1');
    }
    expect(ingresses['chart:prod']!.spec).toEqual(ingresses['kustomize:prod']!.spec);
    expect(ingresses['chart:prod']!.metadata.annotations).toEqual(ingresses['kustomize:prod']!.metadata.annotations);
    // The load balancer of make up-cluster stands in for it with the same limit.
    const haproxy = readFileSync(path.join(ROOT, 'k8s', 'haproxy', 'haproxy.cfg'), 'utf8');
    const lbLimit = Number(/content-length\) gt (\d+)/.exec(haproxy)![1]);
    expect(lbLimit).toBeGreaterThanOrEqual(imageAsJson);
    expect(lbLimit).toBeLessThanOrEqual(gatewayLimit);
    expect(haproxy).toMatch(/timeout tunnel 3600s/);
    expect(haproxy).toMatch(/option forwardfor/);
  });

  it('a ServiceMonitor scrapes every component on its metrics port, with the labels Prometheus selects by (configurable)', () => {
    for (const r of PROD) {
      const objs = renders[r]!;
      const [sm] = byKind(objs, 'ServiceMonitor');
      expect(sm?.metadata.labels?.release, r).toBe('kube-prometheus-stack');
      expect(byKind(objs, 'PrometheusRule')[0]!.metadata.labels?.release, r).toBe('kube-prometheus-stack');
      for (const c of COMPONENTS) {
        const svc = find(objs, 'Service', c)!;
        expect(matches(sm!.spec.selector.matchLabels, svc.metadata.labels!), `${r} ${c}`).toBe(true);
        expect(svc.spec.ports.map((p: { name: string }) => p.name)).toContain(sm!.spec.endpoints[0].port);
      }
      // Only component Services: no other Service of the namespace is scraped.
      expect(byKind(objs, 'Service').filter((x) => matches(sm!.spec.selector.matchLabels, x.metadata.labels ?? {})).length).toBe(COMPONENTS.length);
    }
    expect(byKind(renders['chart:default']!, 'ServiceMonitor')[0]!.metadata.labels?.release).toBeUndefined();
    expect(byKind(renders['chart:minimal']!, 'ServiceMonitor')).toEqual([]);
  });

  it('alerts: targets down or absent, restarts and OOM kills, HPA at max, DB pool waiters, event-loop lag, SLO burn rate; kustomize has the chart\'s rules', () => {
    const rules = (r: string) => byKind(renders[r]!, 'PrometheusRule')[0]!.spec.groups.flatMap((g: K8sObject) => g.rules) as { alert: string; expr: string; labels: Record<string, string> }[];
    const chart = rules('chart:prod');
    const names = new Set(chart.map((x) => x.alert));
    for (const a of ['TargetDown', 'TargetAbsent', 'PodRestarting', 'PodOOMKilled', 'HpaAtMaxReplicas', 'DatabasePoolWaiters', 'EventLoopLag', 'AvailabilityBudgetBurnFast', 'AvailabilityBudgetBurnSlow'])
      expect(names, a).toContain(a);
    const absent = chart.filter((x) => x.alert === 'TargetAbsent');
    expect(absent.map((x) => x.labels.component).sort()).toEqual([...COMPONENTS].sort());
    for (const x of absent) expect(x.expr).toBe(`absent(up{namespace="mzansi-predicts",service="${x.labels.component}"})`);
    const burn = chart.find((x) => x.alert === 'AvailabilityBudgetBurnFast')!;
    expect(burn.expr).toMatch(/ratio_rate1h\{[^}]*\} > 0\.072\s+and \S*ratio_rate5m\{[^}]*\} > 0\.072$/);
    expect(byKind(renders['kustomize:prod']!, 'PrometheusRule')[0]!.spec).toEqual(byKind(renders['chart:prod']!, 'PrometheusRule')[0]!.spec);
  });

  it('the dashboard\'s backlog panels take the max over pods (each pod reports the whole backlog) and show the DB pool waiters', () => {
    const dash = readFileSync(path.join(CHART, 'dashboards', 'publish-burst.json'), 'utf8');
    const exprs = (JSON.parse(dash).panels as K8sObject[]).flatMap((p) => p.targets.map((t: { expr: string }) => t.expr));
    const backlog = exprs.filter((e) => /outbox_pending_events|consumer_pending_events|outbox_lag_seconds|db_pool_connections/.test(e));
    expect(backlog.length).toBeGreaterThanOrEqual(4);
    for (const e of backlog) expect(e, e).toMatch(/^max by /);
    expect(backlog.some((e) => e.includes('state="waiting"'))).toBe(true);
  });

  it('the dashboard shows every metric the operations runbook names', () => {
    const ops = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    const start = ops.indexOf('## Runbook: the publish burst');
    expect(start).toBeGreaterThanOrEqual(0);
    const end = ops.indexOf('\n## ', start + 1);
    const runbook = ops.slice(start, end < 0 ? undefined : end);
    const dash = readFileSync(path.join(CHART, 'dashboards', 'publish-burst.json'), 'utf8');
    const named = [...runbook.matchAll(/`([a-z][a-z0-9_]+_(?:total|bytes|seconds|size|connections|events))`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThanOrEqual(4);
    for (const m of new Set(named)) expect(dash, m).toContain(m);
  });

  it('kustomize ConfigMaps are generated with content hashes, and every reference follows the hash', () => {
    for (const o of OVERLAYS) {
      const objs = renders[`kustomize:${o}`]!;
      const cms = byKind(objs, 'ConfigMap').filter((c) => !c.metadata.name.startsWith('mzansi-predicts-alertmanager-'));
      expect(cms.length).toBe(COMPONENTS.length + 1);
      for (const cm of cms) expect(cm.metadata.name, o).toMatch(/-[a-z0-9]{10}$/);
      for (const w of workloads(objs)) for (const ef of w.spec.template.spec.containers[0].envFrom ?? []) expect(cms.map((c) => c.metadata.name), `${o} ${w.metadata.name}`).toContain(ef.configMapRef.name);
    }
    // The dev overlay's merged settings land in its generated ConfigMaps.
    expect(find(renders['kustomize:dev']!, 'ConfigMap', 'mzansi-predicts-common')!.data).toMatchObject({ LOG_LEVEL: 'debug', NATS_STREAM_REPLICAS: '1' });
    expect(find(renders['kustomize:dev']!, 'ConfigMap', 'gateway-config')!.data.PUBLIC_URL).toBe('https://dev.mzansipredicts.example');
  });

  it('the values schema allows nodeSelector, tolerations, affinity, pod and ServiceAccount annotations and extra env, and the chart renders them', () => {
    const extra = {
      services: {
        voting: {
          nodeSelector: { 'node.kubernetes.io/pool': 'burst' },
          tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'burst', effect: 'NoSchedule' }],
          affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }] }] } } },
          podAnnotations: { 'example.com/team': 'votes' },
          serviceAccount: { annotations: { 'iam.gke.io/gcp-service-account': 'voting@project.iam.gserviceaccount.com' } },
          extraEnv: [{ name: 'EXTRA_FLAG', value: 'enabled' }, { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'extra', key: 'k' } } }],
        },
      },
    };
    const schema = JSON.parse(readFileSync(path.join(CHART, 'values.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const values = YAML.parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8'));
    const withExtra = structuredClone(values);
    Object.assign(withExtra.services.voting, extra.services.voting);
    expect(validate(withExtra), JSON.stringify(validate.errors)).toBe(true);
    const typo = structuredClone(withExtra);
    typo.services.voting.tolerations = [{ keyy: 'dedicated' }];
    expect(validate(typo)).toBe(false);
    const f = path.join(ROOT, 'tests', 'manifests', '.bin', 'extra-values.yaml');
    writeFileSync(f, YAML.stringify(extra));
    const objs = helmTemplate('prod', 'mzansi-predicts', [f]).objects;
    const pod = find(objs, 'Deployment', 'voting')!.spec.template;
    expect(pod.spec.nodeSelector).toEqual(extra.services.voting.nodeSelector);
    expect(pod.spec.tolerations).toEqual(extra.services.voting.tolerations);
    expect(pod.spec.affinity).toEqual(extra.services.voting.affinity);
    expect(pod.metadata.annotations['example.com/team']).toBe('votes');
    expect(find(objs, 'ServiceAccount', 'voting')!.metadata.annotations).toEqual(extra.services.voting.serviceAccount.annotations);
    expect(pod.spec.containers[0].env).toEqual(expect.arrayContaining(extra.services.voting.extraEnv));
    for (const o of objs) expect(schemaProblems(o), `${o.kind}/${o.metadata.name}`).toEqual([]);
  });

  it('make images fails loudly when it built nothing, and builds one image per component otherwise', () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'fake-docker-'));
    const log = path.join(bin, 'calls');
    writeFileSync(path.join(bin, 'docker'), `#!/bin/sh\necho "$@" >> ${log}\n`);
    chmodSync(path.join(bin, 'docker'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const make = (args: string[]) => spawnSync('make', ['-s', '-C', ROOT, 'images', ...args], { env, encoding: 'utf8' });
    const none = make(['COMPONENTS=']);
    expect(none.status).not.toBe(0);
    expect(none.stderr).toMatch(/built nothing/);
    const one = make(['COMPONENTS=voting', 'IMAGE_TAG=9.9.9']);
    expect(one.status, one.stderr).toBe(0);
    expect(readFileSync(log, 'utf8')).toMatch(/^build --build-arg SERVICE=voting --build-arg SERVICE_DIR=services\/voting -t mzansi-predicts\/voting:9\.9\.9 \.$/m);
    const noEngine = spawnSync('make', ['-s', '-C', ROOT, 'images'], { env: { ...process.env, PATH: `/nonexistent:${path.dirname(execFileSync('which', ['make'], { encoding: 'utf8' }).trim())}:/bin` }, encoding: 'utf8' });
    expect(noEngine.status).not.toBe(0);
    expect(noEngine.stderr).toMatch(/nothing built/);
  });
});
