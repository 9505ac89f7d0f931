// The chart and k8s/ describe the same system, and every env key they set is read by its component.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, COMPONENTS, effectiveEnv, find, GRPC_PORTS, renderAll, renders, SERVICES, workloads } from './helpers.js';
import { ROOT, type K8sObject } from './render.js';

beforeAll(renderAll);

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
