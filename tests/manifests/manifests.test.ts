import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHART, OVERLAYS, ROOT, SCENARIOS, helmTemplate, kustomize, parseAll, type K8sObject } from './render.js';
import { schemaProblems } from './validate.js';

const COMPONENTS = ['gateway', 'identity', 'questions', 'voting', 'social', 'notification'] as const;
const SERVICES = COMPONENTS.filter((c) => c !== 'gateway');
/** The production renderings: they must describe the same system. */
const PROD = ['kustomize:prod', 'chart:prod'];
const GRPC_PORTS: Record<string, number> = { identity: 50051, questions: 50052, voting: 50053, social: 50054, notification: 50055 };
const METRICS_PORTS: Record<string, number> = { gateway: 9460, identity: 9461, questions: 9462, voting: 9463, social: 9464, notification: 9465 };

const renders: Record<string, K8sObject[]> = {};
const notes: Record<string, string> = {};

beforeAll(() => {
  for (const o of OVERLAYS) renders[`kustomize:${o}`] = kustomize(o);
  for (const s of SCENARIOS) {
    const r = helmTemplate(s);
    renders[`chart:${s}`] = r.objects;
    notes[s] = r.notes;
  }
});

const workloads = (objs: K8sObject[]) => objs.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
const podLabels = (objs: K8sObject[]) => workloads(objs).map((w) => (w.spec.template.metadata.labels ?? {}) as Record<string, string>);
const matches = (sel: Record<string, string>, labels: Record<string, string>) => Object.entries(sel).every(([k, v]) => labels[k] === v);
const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
/** kustomize's configMapGenerator names end in a 10-character content hash: `gateway-config-k8dbf284hh`. */
const unhashed = (name: string) => name.replace(/-[a-z0-9]{10}$/, '');
const find = (objs: K8sObject[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && (o.metadata.name === name || (kind === 'ConfigMap' && unhashed(o.metadata.name) === name)));

/** env var names a container sees: env[] plus the keys of the ConfigMaps it loads with envFrom. */
function effectiveEnv(objs: K8sObject[], c: K8sObject): string[] {
  const keys = new Set<string>((c.env ?? []).map((e: { name: string }) => e.name));
  for (const ef of c.envFrom ?? []) {
    const cm = find(objs, 'ConfigMap', ef.configMapRef?.name);
    if (!cm) throw new Error(`envFrom references a ConfigMap that is not rendered: ${ef.configMapRef?.name}`);
    for (const k of Object.keys(cm.data ?? {})) keys.add(k);
  }
  return [...keys].sort();
}

describe('every rendering', () => {
  const cases = () => Object.keys(renders);
  it('renders the overlays and every ci/*-values.yaml scenario', () => {
    expect(SCENARIOS).toEqual(expect.arrayContaining(['default', 'minimal', 'prod']));
    expect(cases().length).toBe(OVERLAYS.length + SCENARIOS.length);
    for (const c of cases()) expect(renders[c]!.length, c).toBeGreaterThan(5);
  });

  it('validates against the Kubernetes schemas (unknown kinds and fields fail)', () => {
    const problems = cases().flatMap((c) => renders[c]!.flatMap((o) => schemaProblems(o).map((p) => `${c}: ${p}`)));
    expect(problems).toEqual([]);
  });

  it('the validator itself rejects unknown kinds, unknown fields and wrong types', () => {
    const dep = structuredClone(find(renders['kustomize:prod']!, 'Deployment', 'voting')!);
    expect(schemaProblems(dep)).toEqual([]);
    expect(schemaProblems({ ...dep, kind: 'Deploymnet' }).join()).toMatch(/unknown kind/);
    const typo = structuredClone(dep);
    typo.spec.template.spec.containers[0].readinesProbe = typo.spec.template.spec.containers[0].readinessProbe;
    expect(schemaProblems(typo).join()).toMatch(/unknown field .*readinesProbe/);
    const wrongType = structuredClone(dep);
    wrongType.spec.template.spec.containers[0].ports[0].containerPort = 'fifty';
    expect(schemaProblems(wrongType).length).toBeGreaterThan(0);
  });

  it('has unique kind/name pairs', () => {
    for (const c of cases()) {
      const ids = renders[c]!.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), c).toEqual([]);
    }
  });

  it('every container: probes (grpc for services, http for the gateway), requests/limits, restricted security context, /tmp emptyDir', () => {
    const problems: string[] = [];
    for (const c of cases()) {
      for (const w of workloads(renders[c]!)) {
        const where = `${c} ${w.kind}/${w.metadata.name}`;
        const pod = w.spec.template.spec;
        const psc = pod.securityContext ?? {};
        if (psc.runAsNonRoot !== true) problems.push(`${where}: pod runAsNonRoot`);
        if (psc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: pod seccompProfile`);
        if (pod.automountServiceAccountToken !== false) problems.push(`${where}: automountServiceAccountToken`);
        for (const ctr of pod.containers) {
          const sc = ctr.securityContext ?? {};
          if (sc.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot`);
          if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem`);
          if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation`);
          if (JSON.stringify(sc.capabilities?.drop) !== '["ALL"]' || sc.capabilities?.add) problems.push(`${where}: capabilities`);
          if (sc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: seccompProfile`);
          if (sc.privileged) problems.push(`${where}: privileged`);
          for (const k of ['requests', 'limits']) for (const r of ['cpu', 'memory']) if (!ctr.resources?.[k]?.[r]) problems.push(`${where}: resources.${k}.${r}`);
          const tmp = (ctr.volumeMounts ?? []).find((m: { mountPath: string }) => m.mountPath === '/tmp');
          const vol = tmp && (pod.volumes ?? []).find((v: { name: string }) => v.name === tmp.name);
          if (!vol?.emptyDir) problems.push(`${where}: /tmp emptyDir`);
          if (w.kind !== 'Deployment') continue;
          const name = w.metadata.name;
          for (const p of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
            const probe = ctr[p];
            if (!probe) problems.push(`${where}: ${p}`);
            else if (name === 'gateway') {
              const want = p === 'readinessProbe' ? '/readyz' : '/healthz';
              if (probe.httpGet?.path !== want || probe.httpGet?.port !== 'http') problems.push(`${where}: ${p} must be httpGet ${want} on http`);
            } else if (probe.grpc?.port !== GRPC_PORTS[name]) problems.push(`${where}: ${p} must be a grpc probe on ${GRPC_PORTS[name]}`);
          }
          const ports = Object.fromEntries((ctr.ports ?? []).map((pt: { name: string; containerPort: number }) => [pt.name, pt.containerPort]));
          const want = name === 'gateway' ? { http: 8080, metrics: 9460 } : { grpc: GRPC_PORTS[name], metrics: METRICS_PORTS[name] };
          if (JSON.stringify(ports) !== JSON.stringify(want)) problems.push(`${where}: ports ${JSON.stringify(ports)} != ${JSON.stringify(want)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('labels app.kubernetes.io/{name,part-of,component} on every component object and pod', () => {
    for (const c of cases()) {
      for (const o of renders[c]!.filter((x) => ['ServiceAccount', 'Deployment', 'Service', 'Job', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(x.kind))) {
        const sets = [o.metadata.labels, ...(o.spec?.template ? [o.spec.template.metadata.labels] : [])];
        for (const l of sets) {
          expect(l?.['app.kubernetes.io/name'], `${c} ${o.kind}/${o.metadata.name}`).toBeTruthy();
          expect(l?.['app.kubernetes.io/part-of'], `${c} ${o.kind}/${o.metadata.name}`).toBe('mzansi-predicts');
          expect(l?.['app.kubernetes.io/component'], `${c} ${o.kind}/${o.metadata.name}`).toMatch(/^(gateway|grpc-service|migration)$/);
        }
      }
    }
  });

  it('pins every image (a tag that is not latest, or a digest)', () => {
    for (const c of cases()) {
      for (const w of workloads(renders[c]!)) {
        for (const ctr of w.spec.template.spec.containers) {
          expect(ctr.image, `${c} ${w.metadata.name}`).toMatch(/^[a-z0-9./-]+(:(?!latest$)[A-Za-z0-9._-]+|@sha256:[a-f0-9]{64})$/);
        }
      }
    }
  });

  it('every Service, NetworkPolicy, HPA and PDB selects a workload', () => {
    const problems: string[] = [];
    for (const c of cases()) {
      const objs = renders[c]!;
      const pods = podLabels(objs);
      const deployments = byKind(objs, 'Deployment');
      for (const s of byKind(objs, 'Service')) {
        if (!pods.some((l) => matches(s.spec.selector, l))) problems.push(`${c} Service/${s.metadata.name}`);
        const d = deployments.find((dep) => matches(s.spec.selector, dep.spec.template.metadata.labels));
        for (const p of s.spec.ports) {
          const named = d?.spec.template.spec.containers.flatMap((ct: K8sObject) => ct.ports ?? []).some((cp: { name: string }) => cp.name === p.targetPort);
          if (!named) problems.push(`${c} Service/${s.metadata.name} targetPort ${p.targetPort}`);
        }
      }
      for (const np of byKind(objs, 'NetworkPolicy')) {
        const sel = np.spec.podSelector.matchLabels ?? {};
        if (Object.keys(sel).length && !pods.some((l) => matches(sel, l))) problems.push(`${c} NetworkPolicy/${np.metadata.name}`);
        for (const r of np.spec.egress ?? [])
          for (const to of r.to ?? [])
            if (to.podSelector && !to.namespaceSelector && !pods.some((l) => matches(to.podSelector.matchLabels, l)))
              problems.push(`${c} NetworkPolicy/${np.metadata.name} egress to nothing`);
      }
      for (const h of byKind(objs, 'HorizontalPodAutoscaler'))
        if (!find(objs, h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name)) problems.push(`${c} HPA/${h.metadata.name}`);
      for (const p of byKind(objs, 'PodDisruptionBudget')) {
        if (!deployments.some((d) => matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels))) problems.push(`${c} PDB/${p.metadata.name}`);
      }
      for (const d of deployments)
        if (!matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels)) problems.push(`${c} Deployment/${d.metadata.name} selector`);
    }
    expect(problems).toEqual([]);
  });

  it('network policies: deny-all plus one policy per component; services only reachable from the gateway', () => {
    for (const c of cases()) {
      const nps = byKind(renders[c]!, 'NetworkPolicy');
      if (!nps.length) continue; // minimal scenario switches them off
      const deny = nps.find((n) => Object.keys(n.spec.podSelector).length === 0);
      expect(deny?.spec.policyTypes, c).toEqual(['Ingress', 'Egress']);
      expect(deny?.spec.ingress ?? deny?.spec.egress, c).toBeUndefined();
      for (const d of byKind(renders[c]!, 'Deployment')) {
        const np = nps.find((n) => n.metadata.name === d.metadata.name);
        expect(np, `${c} ${d.metadata.name}`).toBeDefined();
        if (d.metadata.name === 'gateway') continue;
        const grpcRule = np!.spec.ingress.find((r: K8sObject) => r.ports.some((p: { port: number }) => p.port === GRPC_PORTS[d.metadata.name]));
        expect(grpcRule.from, `${c} ${d.metadata.name}`).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
        const egressPorts = np!.spec.egress.flatMap((r: K8sObject) => r.ports.map((p: { port: number }) => p.port));
        expect(egressPorts, `${c} ${d.metadata.name}`).toEqual(expect.arrayContaining([53, 4222, 5432]));
        expect(egressPorts, `${c} ${d.metadata.name}: only the gateway talks to Redis`).not.toContain(6379);
      }
    }
  });

  it('secrets are references only (no Secret objects, no literal secret values)', () => {
    const secretish = /SECRET|PASSWORD|PRIVATE_KEY|DATABASE_URL|SMTP_URL/;
    for (const c of cases()) {
      expect(byKind(renders[c]!, 'Secret'), c).toEqual([]);
      for (const cm of byKind(renders[c]!, 'ConfigMap')) expect(Object.keys(cm.data ?? {}).filter((k) => secretish.test(k)), `${c} ${cm.metadata.name}`).toEqual([]);
      for (const w of workloads(renders[c]!))
        for (const ctr of w.spec.template.spec.containers)
          for (const e of ctr.env ?? []) if (secretish.test(e.name)) expect(e.valueFrom?.secretKeyRef, `${c} ${w.metadata.name} ${e.name}`).toBeDefined();
    }
  });
});

describe('gRPC balancing and rolling updates (issue 17)', () => {
  it('every rendering: each component container pauses in preStop before SIGTERM, within the grace period', () => {
    for (const [name, objs] of Object.entries(renders)) {
      for (const d of byKind(objs, 'Deployment')) {
        const c = d.spec.template.spec.containers[0];
        expect(c.lifecycle?.preStop?.exec?.command, `${name}: ${d.metadata.name}`).toEqual(['sleep', '5']);
        expect(d.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(5 + 10);
      }
    }
  });

  it('every rendering: gRPC services are headless and the gateway reaches each through dns:/// (one address per pod, round-robin)', () => {
    for (const [name, objs] of Object.entries(renders)) {
      for (const s of SERVICES) {
        const svc = find(objs, 'Service', s);
        if (!svc) continue;
        expect(svc.spec.clusterIP, `${name}: ${s}`).toBe('None');
        const gw = find(objs, 'ConfigMap', 'gateway-config') ?? objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('gateway'));
        const addr = gw?.data?.[`${s.toUpperCase()}_GRPC_ADDR`];
        if (addr !== undefined) expect(addr, `${name}: ${s}`).toBe(`dns:///${s}:${GRPC_PORTS[s]}`);
      }
    }
  });
});

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

describe('the chart and k8s/ describe the same system', () => {
  /** What must agree: names, ports, env keys, secret refs, probes, security, selectors, volumes, policies. */
  function shape(objs: K8sObject[], withScale: boolean) {
    const out: Record<string, unknown> = {};
    for (const d of byKind(objs, 'Deployment')) {
      const pod = d.spec.template.spec;
      const c = pod.containers[0];
      out[`Deployment/${d.metadata.name}`] = {
        selector: d.spec.selector,
        serviceAccountName: pod.serviceAccountName,
        podSecurityContext: pod.securityContext,
        volumes: pod.volumes,
        container: {
          name: c.name,
          image: c.image.replace(/:.*$/, '').split('/').pop(),
          ports: c.ports,
          env: effectiveEnv(objs, c),
          secretRefs: (c.env ?? []).filter((e: K8sObject) => e.valueFrom).map((e: K8sObject) => [e.name, e.valueFrom.secretKeyRef]),
          probes: [c.startupProbe, c.livenessProbe, c.readinessProbe],
          securityContext: c.securityContext,
          volumeMounts: c.volumeMounts,
          ...(withScale ? { resources: c.resources } : {}),
        },
        ...(withScale ? { replicas: d.spec.replicas } : {}),
      };
    }
    for (const s of byKind(objs, 'Service')) out[`Service/${s.metadata.name}`] = { selector: s.spec.selector, ports: s.spec.ports, type: s.spec.type };
    for (const s of byKind(objs, 'ServiceAccount')) out[`ServiceAccount/${s.metadata.name}`] = { automount: s.automountServiceAccountToken };
    for (const n of byKind(objs, 'NetworkPolicy')) out[`NetworkPolicy/${n.metadata.name}`] = n.spec;
    for (const j of byKind(objs, 'Job')) {
      const c = j.spec.template.spec.containers[0];
      out[`Job/${j.metadata.name}`] = { env: effectiveEnv(objs, c), security: c.securityContext, pod: j.spec.template.spec.securityContext };
    }
    if (withScale) {
      for (const h of byKind(objs, 'HorizontalPodAutoscaler')) out[`HPA/${h.metadata.name}`] = h.spec;
      for (const p of byKind(objs, 'PodDisruptionBudget')) out[`PDB/${p.metadata.name}`] = p.spec;
      out['ConfigMap/mzansi-predicts-common'] = find(objs, 'ConfigMap', 'mzansi-predicts-common')?.data;
    }
    return out;
  }

  it('prod overlay == chart with ci/prod-values.yaml (including replicas, resources, HPA, PDB)', () => {
    expect(shape(renders['chart:prod']!, true)).toEqual(shape(renders['kustomize:prod']!, true));
  });

  it('dev overlay == chart defaults (structure: services, ports, env keys, probes, security, policies)', () => {
    expect(shape(renders['chart:default']!, false)).toEqual(shape(renders['kustomize:dev']!, false));
  });

  it('every env key a workload sets is read by that component (config.ts)', () => {
    const kit = readFileSync(path.join(ROOT, 'services', 'kit', 'src', 'config.ts'), 'utf8');
    const keysOf = (src: string) => new Set([...src.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
    for (const c of COMPONENTS) {
      const file = c === 'gateway' ? path.join(ROOT, 'gateway', 'src', 'config.ts') : path.join(ROOT, 'services', c, 'src', 'config.ts');
      const known = keysOf(readFileSync(file, 'utf8') + (c === 'gateway' ? '' : kit));
      for (const r of ['kustomize:prod', 'chart:default']) {
        const objs = renders[r]!;
        for (const w of workloads(objs).filter((x) => x.metadata.labels?.['app.kubernetes.io/name'] === c)) {
          // NODE_OPTIONS is read by Node itself (the gateway's heap bound).
          const shared = c === 'gateway' ? ['NODE_OPTIONS'] : [];
          const unknown = effectiveEnv(objs, w.spec.template.spec.containers[0]).filter((k) => !known.has(k) && !shared.includes(k));
          expect(unknown, `${r} ${w.kind}/${w.metadata.name}`).toEqual([]);
        }
      }
    }
  });

  it('production-required settings are all provided', () => {
    const required: Record<string, string[]> = {
      gateway: ['NODE_ENV', 'NATS_STREAM_REPLICAS', 'PUBLIC_URL', 'REDIS_URL', 'SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'INTERNAL_AUTH_KEYS', 'BIND_HOST', 'NATS_URL', 'IDENTITY_GRPC_ADDR', 'QUESTIONS_GRPC_ADDR', 'VOTING_GRPC_ADDR', 'SOCIAL_GRPC_ADDR', 'NOTIFICATION_GRPC_ADDR'],
      identity: ['ADMIN_PASSWORD'],
      notification: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'SMTP_URL'],
    };
    for (const s of SERVICES) required[s] = [...(required[s] ?? []), 'NODE_ENV', 'DATABASE_URL', 'INTERNAL_AUTH_KEYS', 'BIND_HOST', 'NATS_URL', 'NATS_STREAM_REPLICAS'];
    const objs = renders['kustomize:prod']!;
    for (const [c, keys] of Object.entries(required)) {
      for (const w of workloads(objs).filter((x) => x.metadata.labels?.['app.kubernetes.io/name'] === c))
        expect(effectiveEnv(objs, w.spec.template.spec.containers[0]), `${w.kind}/${w.metadata.name}`).toEqual(expect.arrayContaining(keys));
    }
    expect(find(objs, 'ConfigMap', 'mzansi-predicts-common')!.data.NODE_ENV).toBe('production');
    // The code binds gRPC and metrics to loopback unless told otherwise: in a pod they must listen on every address.
    for (const r of ['kustomize:prod', 'kustomize:dev', 'chart:default', 'chart:prod']) {
      expect(find(renders[r]!, 'ConfigMap', 'mzansi-predicts-common')!.data.BIND_HOST, r).toBe('0.0.0.0');
    }
    const gw = find(objs, 'ConfigMap', 'gateway-config')!.data;
    for (const s of SERVICES) expect(gw[`${s.toUpperCase()}_GRPC_ADDR`]).toBe(`dns:///${s}:${GRPC_PORTS[s]}`);
  });
});

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
    // prom-client collectDefaultMetrics() (Node 24, Linux).
    const defaults = [
      'process_cpu_user_seconds_total', 'process_cpu_system_seconds_total', 'process_cpu_seconds_total', 'process_start_time_seconds',
      'process_resident_memory_bytes', 'process_virtual_memory_bytes', 'process_heap_bytes', 'process_open_fds', 'process_max_fds',
      'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_min_seconds', 'nodejs_eventloop_lag_max_seconds', 'nodejs_eventloop_lag_mean_seconds',
      'nodejs_eventloop_lag_stddev_seconds', 'nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p90_seconds', 'nodejs_eventloop_lag_p99_seconds',
      'nodejs_active_resources', 'nodejs_active_resources_total', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_requests',
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
    const ruleExprs = rule.spec.groups.flatMap((g: K8sObject) => g.rules.map((r: { alert: string; expr: string }) => ({ where: `alert ${r.alert}`, expr: r.expr })));
    const vars = dashboard.templating.list.filter((v: K8sObject) => typeof v.query === 'string' && v.query.startsWith('label_values')).map((v: K8sObject) => ({ where: `variable ${v.name}`, expr: v.query.replace(/^label_values\(([^,]+),.*$/, '$1') }));
    return [...panelExprs, ...ruleExprs, ...vars] as { where: string; expr: string }[];
  };

  it('every metric a dashboard panel or an alert uses is exported by the code', () => {
    const exported = exportedMetrics();
    // Not ours: Prometheus's own `up`, and kube-state-metrics (kube-prometheus-stack installs it) for restarts, OOM
    // kills and HPA replicas.
    for (const m of ['up', 'kube_pod_container_status_restarts_total', 'kube_pod_container_status_last_terminated_reason', 'kube_horizontalpodautoscaler_status_current_replicas', 'kube_horizontalpodautoscaler_spec_max_replicas'])
      exported.add(m);
    expect(exported).toContain('grpc_server_handling_seconds_count');
    expect(exported).toContain('ws_connections');
    const missing = exprs().flatMap(({ where, expr }) => metricsIn(expr).filter((m) => !exported.has(m)).map((m) => `${where}: ${m}`));
    expect(missing).toEqual([]);
    // The guard itself works: a made-up name is caught.
    expect(metricsIn('sum(rate(votes_cast_total{a="b"}[1m]))').filter((m) => !exported.has(m))).toEqual(['votes_cast_total']);
  });

  it('the dashboard shows the publish burst: votes/s, p95 per route, websockets, outbox lag, errors', () => {
    const all = exprs().map((e) => e.expr).join('\n');
    expect(all).toContain('rate(grpc_server_handling_seconds_count{namespace=~"$namespace",grpc_method="/voting.v1.VotingService/SubmitAnswer",grpc_code="OK"}[1m])');
    expect(all).toMatch(/histogram_quantile\(0\.95, sum by \(le, route\) \(rate\(http_request_duration_seconds_bucket/);
    for (const m of ['ws_connections', 'outbox_lag_seconds', 'status=~"5.."']) expect(all).toContain(m);
    const cm = byKind(renders['chart:default']!, 'ConfigMap').find((c) => c.metadata.labels?.grafana_dashboard === '1');
    expect(JSON.parse(cm!.data['publish-burst.json']).uid).toBe(dashboard.uid);
  });

  it('alerts cover error rate, latency, outbox lag and consumer backlog', () => {
    const rule = byKind(renders['chart:default']!, 'PrometheusRule')[0]!;
    const alerts = rule.spec.groups.flatMap((g: K8sObject) => g.rules.map((r: { alert: string }) => r.alert));
    expect(alerts).toEqual(expect.arrayContaining(['GatewayHighErrorRate', 'GrpcServiceHighErrorRate', 'GatewayHighLatency', 'OutboxLagging', 'ConsumerBacklog']));
    for (const r of rule.spec.groups[0].rules) expect(r.expr, r.alert).not.toMatch(/<no value>|\{\{/);
  });
});

describe('operable Kubernetes (issue 17)', () => {
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
    const social = readFileSync(path.join(ROOT, 'gateway', 'src', 'routes', 'social.ts'), 'utf8');
    const gatewayLimit = Number(/express\.json\(\{ limit: '(\d+)mb'/.exec(social)![1]) * 1024 * 1024;
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
    expect(burn.expr).toMatch(/\[1h\].*> 0\.072\)\s+and .*\[5m\].*> 0\.072\)/s);
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

  it('the dashboard shows every metric the README\'s runbook names', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const runbook = readme.slice(readme.indexOf('### Runbook: the publish burst'), readme.indexOf('## Privacy'));
    const dash = readFileSync(path.join(CHART, 'dashboards', 'publish-burst.json'), 'utf8');
    const named = [...runbook.matchAll(/`([a-z][a-z0-9_]+_(?:total|bytes|seconds|size|connections|events))`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThanOrEqual(4);
    for (const m of new Set(named)) expect(dash, m).toContain(m);
  });

  it('kustomize ConfigMaps are generated with content hashes, and every reference follows the hash', () => {
    for (const o of OVERLAYS) {
      const objs = renders[`kustomize:${o}`]!;
      const cms = byKind(objs, 'ConfigMap');
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

describe('the data tier (k8s/data): NATS JetStream cluster and PostgreSQL HA (issue 17)', () => {
  const data = parseAll(execFileSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'data')], { encoding: 'utf8' }), 'k8s/data');
  const PRODUCER_STREAMS = 5 + 1; // identity, questions, voting, social, notification + DEADLETTER

  it('validates against the schemas (CloudNativePG strictly), restricted pods', () => {
    expect(data.flatMap((o) => schemaProblems(o))).toEqual([]);
    for (const ns of byKind(data, 'Namespace')) expect(ns.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    const sts = find(data, 'StatefulSet', 'nats')!;
    const c = sts.spec.template.spec.containers[0];
    expect(sts.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(c.image).toMatch(/^nats:\d+\.\d+\.\d+/);
  });

  it('NATS: 3 JetStream nodes routed to each other, a file store that holds every stream at its max_bytes, a majority kept through disruptions; the app reaches it with R3 streams', () => {
    const sts = find(data, 'StatefulSet', 'nats')!;
    expect(sts.spec.replicas).toBe(3);
    const conf: string = find(data, 'ConfigMap', 'nats-config')!.data['nats.conf'];
    const routes = [...conf.matchAll(/nats:\/\/(nats-\d)\.([a-z-]+)\.nats\.svc\.cluster\.local:6222/g)];
    expect(routes.map((r) => r[1])).toEqual(['nats-0', 'nats-1', 'nats-2']);
    for (const r of routes) expect(r[2]).toBe(sts.spec.serviceName);
    expect(find(data, 'Service', sts.spec.serviceName)!.spec.clusterIP).toBe('None');
    expect(conf).toMatch(/jetstream \{[^}]*store_dir: \/data/);
    const store = Number(/max_file_store: (\d+)GB/.exec(conf)![1]) * 1e9;
    const pdb = find(data, 'PodDisruptionBudget', 'nats')!;
    expect(Math.ceil((Number(String(pdb.spec.minAvailable).replace('%', '')) / 100) * 3)).toBe(2);
    expect(sts.spec.template.spec.topologySpreadConstraints.find((t: K8sObject) => t.topologyKey === 'kubernetes.io/hostname').whenUnsatisfiable).toBe('DoNotSchedule');
    for (const r of PROD) {
      const common = find(renders[r]!, 'ConfigMap', 'mzansi-predicts-common')!.data;
      expect(common.NATS_URL, r).toBe(`nats://${find(data, 'Service', 'nats')!.metadata.name}.nats.svc.cluster.local:4222`);
      expect(common.NATS_STREAM_REPLICAS, r).toBe('3');
      const maxBytes = Number(common.NATS_STREAM_MAX_BYTES);
      expect(maxBytes, r).toBeGreaterThan(0);
      expect(PRODUCER_STREAMS * maxBytes, r).toBeLessThanOrEqual(store);
      // The services' NetworkPolicies let them reach these pods.
      const np = find(renders[r]!, 'NetworkPolicy', 'voting')!;
      const peer = np.spec.egress.find((e: K8sObject) => e.ports.some((p: { port: number }) => p.port === 4222)).to[0];
      expect(matches(peer.podSelector.matchLabels, sts.spec.template.metadata.labels), r).toBe(true);
      expect(peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']).toBe(sts.metadata.namespace);
    }
  });

  it('PostgreSQL: a CloudNativePG Cluster per service database with a synchronous standby on another host, PITR backups, pods the NetworkPolicies reach; no Pooler while the code takes session advisory locks', () => {
    const clusters = byKind(data, 'Cluster');
    expect(clusters.map((c) => c.spec.bootstrap.initdb.database).sort()).toEqual([...SERVICES].sort());
    for (const c of clusters) {
      expect(c.spec.instances, c.metadata.name).toBeGreaterThanOrEqual(2);
      expect(c.spec.minSyncReplicas, c.metadata.name).toBeGreaterThanOrEqual(1);
      expect(c.spec.affinity).toMatchObject({ enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname', podAntiAffinityType: 'required' });
      expect(c.spec.backup.barmanObjectStore.wal, `${c.metadata.name}: WAL archived (point-in-time recovery)`).toBeDefined();
      expect(byKind(data, 'ScheduledBackup').some((b) => b.spec.cluster.name === c.metadata.name), c.metadata.name).toBe(true);
      const np = find(renders['kustomize:prod']!, 'NetworkPolicy', c.spec.bootstrap.initdb.database)!;
      const peer = np.spec.egress.find((e: K8sObject) => e.ports.some((p: { port: number }) => p.port === 5432)).to[0];
      expect(matches(peer.podSelector.matchLabels, c.spec.inheritedMetadata.labels), c.metadata.name).toBe(true);
      expect(peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']).toBe(c.metadata.namespace);
    }
    const db = readFileSync(path.join(ROOT, 'services', 'kit', 'src', 'db.ts'), 'utf8');
    if (/pg_advisory_lock\(/.test(db)) expect(byKind(data, 'Pooler')).toEqual([]);
  });

  it('database connections: DATABASE_POOL_MAX × the most pods a rollout runs, plus the migration Job, fit each database\'s max_connections; the README\'s table has the same numbers', () => {
    const objs = renders['kustomize:prod']!;
    const rows: string[] = [];
    for (const s of SERVICES) {
      const pool = Number(find(objs, 'ConfigMap', `${s}-config`)!.data.DATABASE_POOL_MAX);
      const dep = find(objs, 'Deployment', s)!;
      const hpa = find(objs, 'HorizontalPodAutoscaler', s);
      const most = hpa ? hpa.spec.maxReplicas : dep.spec.replicas;
      const surge = Math.ceil((most * Number(String(dep.spec.strategy.rollingUpdate.maxSurge).replace('%', ''))) / 100);
      const connections = pool * (most + surge) + 2; // the migration Job: its lock connection and one for the migrations
      const params = byKind(data, 'Cluster').find((c) => c.spec.bootstrap.initdb.database === s)!.spec.postgresql.parameters;
      const limit = Number(params.max_connections) - Number(params.superuser_reserved_connections);
      expect(connections, s).toBeLessThanOrEqual(limit);
      rows.push(`| ${s} | ${pool} | ${most} + ${surge} | ${connections} | ${params.max_connections} |`);
    }
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const r of rows) expect(readme).toContain(r);
  });
});

describe('the Dockerfile', () => {
  const df = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  it('builds with all deps, ships production deps only, runs as a numeric non-root user with node dist/main.js', () => {
    expect(df).toMatch(/ARG SERVICE\b/);
    expect(df).toMatch(/RUN npm ci --no-audit/);
    expect(df).toMatch(/npm ci --omit=dev .*--workspace "@mzansi\/\$\{SERVICE\}"/);
    expect(df).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
    expect(df).toMatch(/ARG NODE_IMAGE=node:24-bookworm-slim/);
    expect(df).toMatch(/^USER 1000:1000$/m);
    expect(df).toMatch(/^CMD \["node", "dist\/main.js"\]$/m);
    expect(df).toMatch(/COPY --from=build \/src\/\$\{SERVICE_DIR\}\/drizzle/);
    expect(df).toMatch(/COPY --from=build \/src\/web\/dist web\/dist/);
    expect(df).toMatch(/rm -rf \/usr\/local\/lib\/node_modules\/npm/);
    expect(df).toMatch(/^ENV BIND_HOST=0\.0\.0\.0$/m);
  });
  it('.dockerignore keeps local builds and node_modules out of the context', () => {
    const di = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8');
    for (const p of ['**/node_modules', '**/dist', '.git']) expect(di).toContain(p);
  });
});
