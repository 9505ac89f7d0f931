// The kustomize overlays, and the chart: its values schema, templates, hooks and render-time checks.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, COMPONENTS, find, notes, renderAll, renders, SERVICES } from './helpers.js';
import { CHART, OVERLAYS, ROOT, SCENARIOS, helmTemplate, type K8sObject } from './render.js';

beforeAll(renderAll);

describe('kustomize overlays', () => {
  it('the namespace enforces the restricted Pod Security Standard', () => {
    for (const o of OVERLAYS) {
      const ns = byKind(renders[`kustomize:${o}`]!, 'Namespace');
      expect(ns).toHaveLength(1);
      expect(ns[0]!.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
      for (const x of renders[`kustomize:${o}`]!.filter((y) => y.kind !== 'Namespace')) expect(x.metadata.namespace).toBe(ns[0]!.metadata.name);
    }
  });

  it('prod: replicas >= 2 for everything, HPA for gateway and voting on CPU, a PDB per component, a migration Job per service', () => {
    const objs = renders['kustomize:prod']!;
    const hpas = byKind(objs, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual(['gateway', 'voting']);
    for (const h of hpas) {
      expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(h.spec.metrics[0].resource.name).toBe('cpu');
    }
    for (const d of byKind(objs, 'Deployment')) {
      const hpa = hpas.find((h) => h.metadata.name === d.metadata.name);
      expect(hpa ? hpa.spec.minReplicas : d.spec.replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
      if (hpa) expect(d.spec.replicas, `${d.metadata.name}: the HPA owns replicas`).toBeUndefined();
    }
    expect(byKind(objs, 'PodDisruptionBudget').map((p) => p.metadata.name).sort()).toEqual([...COMPONENTS].sort());
    expect(byKind(objs, 'Job').map((j) => j.metadata.name).sort()).toEqual(SERVICES.map((s) => `${s}-migrate`).sort());
    expect(find(objs, 'ConfigMap', 'mzansi-predicts-common')!.data.NATS_STREAM_REPLICAS).toBe('3');
  });

  it('prod: the gateway also scales on open sockets per pod, below the per-process cap (WS_MAX_TOTAL) and the measured 15,000', () => {
    const config = readFileSync(path.join(ROOT, 'gateway', 'src', 'config.ts'), 'utf8');
    const cap = Number(/WS_MAX_TOTAL: z\.coerce\.number\(\)\.int\(\)\.min\(1\)\.default\(([\d_]+)\)/.exec(config)![1]!.replaceAll('_', ''));
    for (const r of ['kustomize:prod', 'chart:prod']) {
      const hpa = find(renders[r]!, 'HorizontalPodAutoscaler', 'gateway')!;
      const pods = hpa.spec.metrics.filter((m: { type: string }) => m.type === 'Pods');
      expect(pods.map((m: { pods: { metric: { name: string } } }) => m.pods.metric.name), r).toEqual(['ws_connections']);
      const target = Number(pods[0].pods.target.averageValue);
      expect(target, r).toBeLessThanOrEqual(0.8 * 15_000);
      expect(target, r).toBeLessThan(cap);
      // The peak's 250,000 screens fit under maxReplicas at the target.
      expect(hpa.spec.maxReplicas * target, r).toBeGreaterThanOrEqual(250_000);
    }
  });

  it('migration Jobs run the service image with MIGRATE_ONLY=true and the service secrets', () => {
    for (const o of OVERLAYS) {
      const objs = renders[`kustomize:${o}`]!;
      for (const s of SERVICES) {
        const job = find(objs, 'Job', `${s}-migrate`)!;
        const dep = find(objs, 'Deployment', s)!;
        const jc = job.spec.template.spec.containers[0];
        const dc = dep.spec.template.spec.containers[0];
        expect(jc.image).toBe(dc.image);
        expect(jc.env.find((e: { name: string }) => e.name === 'MIGRATE_ONLY')?.value).toBe('true');
        const secrets = (c: K8sObject) => (c.env ?? []).filter((e: K8sObject) => e.valueFrom).map((e: K8sObject) => e.name).sort();
        expect(secrets(jc)).toEqual(secrets(dc));
        expect(job.spec.template.spec.restartPolicy).toBe('Never');
      }
    }
  });
});

describe('the chart', () => {
  const schema = JSON.parse(readFileSync(path.join(CHART, 'values.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  const values = YAML.parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8'));

  /** Helm's coalescing: maps merge, other values replace, null deletes. */
  function merge(dst: Record<string, unknown>, src: Record<string, unknown>): Record<string, unknown> {
    for (const [k, v] of Object.entries(src ?? {})) {
      if (v === null) delete dst[k];
      else if (v && typeof v === 'object' && !Array.isArray(v) && dst[k] && typeof dst[k] === 'object' && !Array.isArray(dst[k]))
        dst[k] = merge({ ...(dst[k] as Record<string, unknown>) }, v as Record<string, unknown>);
      else dst[k] = v;
    }
    return dst;
  }

  it('values.yaml and every ci/*-values.yaml (merged) satisfy values.schema.json', () => {
    expect(validate(values), JSON.stringify(validate.errors)).toBe(true);
    for (const s of SCENARIOS) {
      const merged = merge(structuredClone(values), YAML.parse(readFileSync(path.join(CHART, 'ci', `${s}-values.yaml`), 'utf8')) ?? {});
      expect(validate(merged), `${s}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('the schema is strict: unknown keys, a latest tag and bad ports are refused', () => {
    const bad = [
      merge(structuredClone(values), { global: { imageTag: 'x' } }),
      merge(structuredClone(values), { services: { voting: { replica: 2 } } }),
      merge(structuredClone(values), { services: { voting: { image: { tag: 'latest' } } } }),
      merge(structuredClone(values), { services: { voting: { port: 70000 } } }),
      merge(structuredClone(values), { services: { payments: {} } }),
    ];
    for (const b of bad) expect(validate(b)).toBe(false);
  });

  it('every top-level schema object forbids additional properties', () => {
    const walk = (s: Record<string, unknown>, at: string): string[] => {
      const out: string[] = [];
      if (s.type === 'object' && s.properties && s.additionalProperties !== false) out.push(at);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>)) out.push(...walk(v, `${at}.${k}`));
      if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...walk(s.additionalProperties as Record<string, unknown>, `${at}.*`));
      return out;
    };
    expect(walk(schema, '$')).toEqual([]);
  });

  it('one generic template ranges over services (no file per service)', () => {
    const tpl = readFileSync(path.join(CHART, 'templates', 'services.yaml'), 'utf8');
    expect(tpl).toMatch(/range \$name, \$svc := \.Values\.services/);
    for (const s of COMPONENTS) expect(tpl).not.toContain(s);
  });

  it('migration hooks: pre-install/pre-upgrade Job per service with a database', () => {
    const jobs = byKind(renders['chart:default']!, 'Job');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(SERVICES.map((s) => `${s}-migrate`).sort());
    for (const j of jobs) expect(j.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(byKind(renders['chart:minimal']!, 'Job')).toEqual([]);
  });

  it('minimal renders only the enabled services, without NetworkPolicies or monitoring', () => {
    const objs = renders['chart:minimal']!;
    expect(byKind(objs, 'Deployment').map((d) => d.metadata.name).sort()).toEqual(['gateway', 'identity', 'questions', 'voting']);
    expect(byKind(objs, 'NetworkPolicy')).toEqual([]);
    expect(byKind(objs, 'PrometheusRule')).toEqual([]);
  });

  it('refuses an image tag `latest` at render time too', () => {
    const f = path.join(ROOT, 'tests', 'manifests', '.bin', 'latest-values.yaml');
    writeFileSync(f, 'services:\n  voting:\n    image:\n      tag: latest\n');
    expect(() => helmTemplate('default', 'x', [f])).toThrow(/latest/);
  });

  it('NOTES.txt lists the components and the secrets to create', () => {
    for (const c of COMPONENTS) expect(notes['default']).toContain(`- ${c}:`);
    expect(notes['default']).toContain('mzansi-predicts-internal (INTERNAL_AUTH_KEYS)');
    expect(notes['default']).toContain('pod-security.kubernetes.io/enforce=restricted');
  });
});
