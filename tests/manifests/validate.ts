/** Schema validation of rendered objects: kubernetes-models for built-in kinds, ajv for the CRDs we ship. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { ROOT, type K8sObject } from './render.js';

const require = createRequire(import.meta.url);
const MODELS = path.join(ROOT, 'node_modules', 'kubernetes-models');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Model = new (data: any) => { validate(): void };

function modelFor(apiVersion: string, kind: string): Model | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const sub = group ? `${group}/${version}` : version!;
  try {
    return (require(`kubernetes-models/${sub}/${kind}`) as Record<string, Model>)[kind];
  } catch {
    return undefined;
  }
}

// PrometheusRule (monitoring.coreos.com/v1): the fields we use, strictly.
const ajv = new Ajv({ allErrors: true, strict: true });
const rule = {
  type: 'object',
  additionalProperties: false,
  required: ['expr'],
  properties: {
    alert: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
    record: { type: 'string' },
    expr: { type: 'string', minLength: 1 },
    for: { type: 'string', pattern: '^[0-9]+(ms|s|m|h|d|w|y)$' },
    keep_firing_for: { type: 'string' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const labelMap = { type: 'object', additionalProperties: { type: 'string' } };
/** A custom resource of `apiVersion` and `kind` whose spec is `spec`, strictly; metadata must name `required`. */
const customResource = (apiVersion: string, kind: string, spec: object, required = ['name']) =>
  ajv.compile({
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    additionalProperties: false,
    properties: {
      apiVersion: { const: apiVersion },
      kind: { const: kind },
      metadata: { type: 'object', required, properties: { name: { type: 'string' }, namespace: { type: 'string' }, labels: labelMap } },
      spec,
    },
  });
const operatorObject = (kind: string, spec: object) => customResource('monitoring.coreos.com/v1', kind, spec);
const validatePrometheusRule = operatorObject('PrometheusRule', {
  type: 'object',
  additionalProperties: false,
  required: ['groups'],
  properties: {
    groups: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'rules'],
        properties: { name: { type: 'string' }, interval: { type: 'string' }, rules: { type: 'array', minItems: 1, items: rule } },
      },
    },
  },
});

// ServiceMonitor (monitoring.coreos.com/v1): the fields we use, strictly.
const validateServiceMonitor = operatorObject('ServiceMonitor', {
  type: 'object',
  additionalProperties: false,
  required: ['selector', 'endpoints'],
  properties: {
    selector: {
      type: 'object',
      additionalProperties: false,
      properties: { matchLabels: { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } } },
    },
    endpoints: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['port'],
        properties: { port: { type: 'string' }, path: { type: 'string', pattern: '^/' }, interval: { type: 'string', pattern: '^[0-9]+(s|m)$' } },
      },
    },
  },
});

// CloudNativePG (postgresql.cnpg.io/v1) Cluster and ScheduledBackup: the fields we use, strictly.
const secretKey = { type: 'object', additionalProperties: false, required: ['name', 'key'], properties: { name: { type: 'string' }, key: { type: 'string' } } };
const cnpgObject = (kind: string, spec: object) => customResource('postgresql.cnpg.io/v1', kind, spec, ['name', 'namespace']);
const compression = { type: 'object', additionalProperties: false, properties: { compression: { enum: ['gzip', 'bzip2', 'snappy'] } } };
const validators: Record<string, ReturnType<typeof ajv.compile>> = {
  'postgresql.cnpg.io/v1/Cluster': cnpgObject('Cluster', {
    type: 'object',
    additionalProperties: false,
    required: ['instances', 'storage', 'bootstrap', 'backup'],
    properties: {
      instances: { type: 'integer', minimum: 1 },
      imageName: { type: 'string', pattern: ':[0-9]' },
      primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
      minSyncReplicas: { type: 'integer', minimum: 0 },
      maxSyncReplicas: { type: 'integer', minimum: 0 },
      inheritedMetadata: { type: 'object', additionalProperties: false, properties: { labels: labelMap, annotations: labelMap } },
      affinity: {
        type: 'object',
        additionalProperties: false,
        properties: { enablePodAntiAffinity: { type: 'boolean' }, topologyKey: { type: 'string' }, podAntiAffinityType: { enum: ['preferred', 'required'] } },
      },
      bootstrap: {
        type: 'object',
        additionalProperties: false,
        properties: { initdb: { type: 'object', additionalProperties: false, required: ['database', 'owner'], properties: { database: { type: 'string' }, owner: { type: 'string' } } } },
      },
      postgresql: { type: 'object', additionalProperties: false, properties: { parameters: labelMap } },
      storage: { type: 'object', additionalProperties: false, required: ['size'], properties: { size: { type: 'string' }, storageClass: { type: 'string' } } },
      walStorage: { type: 'object', additionalProperties: false, required: ['size'], properties: { size: { type: 'string' } } },
      monitoring: { type: 'object', additionalProperties: false, properties: { enablePodMonitor: { type: 'boolean' } } },
      backup: {
        type: 'object',
        additionalProperties: false,
        required: ['barmanObjectStore'],
        properties: {
          retentionPolicy: { type: 'string', pattern: '^[1-9][0-9]*[dwm]$' },
          barmanObjectStore: {
            type: 'object',
            additionalProperties: false,
            required: ['destinationPath'],
            properties: {
              destinationPath: { type: 'string' },
              s3Credentials: { type: 'object', additionalProperties: false, properties: { accessKeyId: secretKey, secretAccessKey: secretKey } },
              wal: compression,
              data: compression,
            },
          },
        },
      },
    },
  }),
  'postgresql.cnpg.io/v1/ScheduledBackup': cnpgObject('ScheduledBackup', {
    type: 'object',
    additionalProperties: false,
    required: ['schedule', 'cluster'],
    properties: {
      schedule: { type: 'string', pattern: '^(\\S+ ){5}\\S+$' },
      backupOwnerReference: { enum: ['none', 'self', 'cluster'] },
      cluster: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } },
    },
  }),
};

/** Returns the problems of one object ([] = valid). Unknown kinds are a problem. */
export function schemaProblems(o: K8sObject): string[] {
  const where = `${o.kind}/${o.metadata?.name}`;
  if (o.apiVersion === 'monitoring.coreos.com/v1' && o.kind === 'PrometheusRule') {
    return validatePrometheusRule(o) ? [] : (validatePrometheusRule.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}`);
  }
  if (o.apiVersion === 'monitoring.coreos.com/v1' && o.kind === 'ServiceMonitor') {
    return validateServiceMonitor(o) ? [] : (validateServiceMonitor.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}`);
  }
  const v = validators[`${o.apiVersion}/${o.kind}`];
  if (v) return v(o) ? [] : (v.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}`);
  const M = modelFor(o.apiVersion, o.kind);
  if (!M) return [`${where}: unknown kind ${o.apiVersion} ${o.kind}`];
  try {
    new M(o).validate();
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
  return [...unknownFields(o)].map((p) => `${where}: unknown field ${p}`);
}

/** Property names of a kubernetes-models type, read from its .d.ts (the OpenAPI schemas allow any extra field). */
const keyCache = new Map<string, Set<string>>();
function knownKeys(typeFile: string): Set<string> {
  let keys = keyCache.get(typeFile);
  if (!keys) {
    const text = readFileSync(path.join(MODELS, `${typeFile}.d.ts`), 'utf8');
    keys = new Set([...text.matchAll(/^\s*"([A-Za-z$][A-Za-z0-9$]*)"\??:/gm)].map((m) => m[1]!));
    keyCache.set(typeFile, keys);
  }
  return keys;
}

function* check(value: unknown, typeFile: string, at: string): Generator<string> {
  if (!value || typeof value !== 'object') return;
  const keys = knownKeys(typeFile);
  for (const k of Object.keys(value)) if (!keys.has(k)) yield `${at}.${k}`;
}

/** Typo guard for the parts we write by hand (pod templates, services, policies); the models skip unknown keys. */
function* unknownFields(o: K8sObject): Generator<string> {
  const podSpec = ['Deployment', 'Job', 'StatefulSet'].includes(o.kind) ? o.spec?.template?.spec : undefined;
  if (o.kind === 'Deployment') yield* check(o.spec, 'apps/v1/DeploymentSpec', 'spec');
  if (o.kind === 'StatefulSet') yield* check(o.spec, 'apps/v1/StatefulSetSpec', 'spec');
  if (o.kind === 'Job') yield* check(o.spec, 'batch/v1/JobSpec', 'spec');
  if (o.kind === 'Service') yield* check(o.spec, 'v1/ServiceSpec', 'spec');
  if (o.kind === 'NetworkPolicy') {
    yield* check(o.spec, 'networking.k8s.io/v1/NetworkPolicySpec', 'spec');
    for (const r of o.spec?.ingress ?? []) yield* check(r, 'networking.k8s.io/v1/NetworkPolicyIngressRule', 'spec.ingress[]');
    for (const r of o.spec?.egress ?? []) yield* check(r, 'networking.k8s.io/v1/NetworkPolicyEgressRule', 'spec.egress[]');
  }
  if (o.kind === 'HorizontalPodAutoscaler') yield* check(o.spec, 'autoscaling/v2/HorizontalPodAutoscalerSpec', 'spec');
  if (o.kind === 'Ingress') yield* check(o.spec, 'networking.k8s.io/v1/IngressSpec', 'spec');
  if (o.kind === 'PodDisruptionBudget') yield* check(o.spec, 'policy/v1/PodDisruptionBudgetSpec', 'spec');
  if (!podSpec) return;
  yield* check(podSpec, 'v1/PodSpec', 'podSpec');
  yield* check(podSpec.securityContext, 'v1/PodSecurityContext', 'podSpec.securityContext');
  for (const c of podSpec.containers ?? []) {
    const at = `containers[${c.name}]`;
    yield* check(c, 'v1/Container', at);
    yield* check(c.securityContext, 'v1/SecurityContext', `${at}.securityContext`);
    yield* check(c.resources, 'v1/ResourceRequirements', `${at}.resources`);
    for (const p of ['startupProbe', 'livenessProbe', 'readinessProbe']) yield* check(c[p], 'v1/Probe', `${at}.${p}`);
    for (const port of c.ports ?? []) yield* check(port, 'v1/ContainerPort', `${at}.ports[]`);
    for (const e of c.env ?? []) yield* check(e, 'v1/EnvVar', `${at}.env[]`);
  }
}
