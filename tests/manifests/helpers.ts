// Shared by the manifest tests (tests/manifests/*.test.ts): every rendering, and what they read out of one.
import { OVERLAYS, SCENARIOS, helmTemplate, kustomize, type K8sObject } from './render.js';

export const COMPONENTS = ['gateway', 'identity', 'questions', 'voting', 'social', 'notification'] as const;
export const SERVICES = COMPONENTS.filter((c) => c !== 'gateway');
/** The production renderings: they must describe the same system. */
export const PROD = ['kustomize:prod', 'chart:prod'];
export const GRPC_PORTS: Record<string, number> = { identity: 50051, questions: 50052, voting: 50053, social: 50054, notification: 50055 };
export const METRICS_PORTS: Record<string, number> = { gateway: 9460, identity: 9461, questions: 9462, voting: 9463, social: 9464, notification: 9465 };

export const renders: Record<string, K8sObject[]> = {};
export const notes: Record<string, string> = {};

/** Renders the kustomize overlays and every ci/*-values.yaml scenario of the chart (each test file's beforeAll). */
export function renderAll(): void {
  for (const o of OVERLAYS) renders[`kustomize:${o}`] = kustomize(o);
  for (const s of SCENARIOS) {
    const r = helmTemplate(s);
    renders[`chart:${s}`] = r.objects;
    notes[s] = r.notes;
  }
}

export const workloads = (objs: K8sObject[]) => objs.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
export const podLabels = (objs: K8sObject[]) => workloads(objs).map((w) => (w.spec.template.metadata.labels ?? {}) as Record<string, string>);
export const matches = (sel: Record<string, string>, labels: Record<string, string>) => Object.entries(sel).every(([k, v]) => labels[k] === v);
export const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
/** kustomize's configMapGenerator names end in a 10-character content hash: `gateway-config-k8dbf284hh`. */
export const unhashed = (name: string) => name.replace(/-[a-z0-9]{10}$/, '');
export const find = (objs: K8sObject[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && (o.metadata.name === name || (kind === 'ConfigMap' && unhashed(o.metadata.name) === name)));

/** env var names a container sees: env[] plus the keys of the ConfigMaps it loads with envFrom. */
export function effectiveEnv(objs: K8sObject[], c: K8sObject): string[] {
  const keys = new Set<string>((c.env ?? []).map((e: { name: string }) => e.name));
  for (const ef of c.envFrom ?? []) {
    const cm = find(objs, 'ConfigMap', ef.configMapRef?.name);
    if (!cm) throw new Error(`envFrom references a ConfigMap that is not rendered: ${ef.configMapRef?.name}`);
    for (const k of Object.keys(cm.data ?? {})) keys.add(k);
  }
  return [...keys].sort();
}
