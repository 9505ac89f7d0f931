// The data tier (k8s/data: NATS JetStream, PostgreSQL HA) and the Dockerfile.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byKind, find, matches, PROD, renderAll, renders, SERVICES } from './helpers.js';
import { ROOT, parseAll, type K8sObject } from './render.js';
import { schemaProblems } from './validate.js';

beforeAll(renderAll);

describe('the data tier (k8s/data): NATS JetStream cluster and PostgreSQL HA', () => {
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

  it('database connections: DATABASE_POOL_MAX × the most pods a rollout runs, plus the migration Job, fit each database\'s max_connections; the capacity plan\'s table has the same numbers', () => {
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
    const plan = readFileSync(path.join(ROOT, 'docs', 'capacity.md'), 'utf8');
    for (const r of rows) expect(plan).toContain(r);
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
