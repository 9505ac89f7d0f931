// Every rendering (kustomize overlays and chart scenarios): schemas, probes, labels, images, selectors, policies, secrets.
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, find, GRPC_PORTS, matches, METRICS_PORTS, podLabels, renderAll, renders, SERVICES, workloads } from './helpers.js';
import { OVERLAYS, SCENARIOS, type K8sObject } from './render.js';
import { schemaProblems } from './validate.js';

beforeAll(renderAll);

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

describe('gRPC balancing and rolling updates', () => {
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
