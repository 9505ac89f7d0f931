/**
 * The alert rules as a plain Prometheus rules file, read from kustomize's rendered copy of their one source
 * (k8s/components/monitoring/prometheus-rule.yaml). `forScale` divides every `for:` (the local cluster's
 * Prometheus runs them LOCAL_FOR_SCALE times faster; promtool tests the production values, scale 1).
 * CLI: `npx tsx scripts/monitoring-rules.ts OUT.yaml [scale]` (writes alertmanager.yaml beside OUT too).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RULE_COPY = path.join(ROOT, 'k8s', 'components', 'monitoring', 'prometheus-rule.yaml');
export const ALERTMANAGER_COPY = path.join(ROOT, 'k8s', 'components', 'monitoring', 'alertmanager.yaml');
/** The one factor by which the local topology shortens every `for:` (docs/operations.md). */
export const LOCAL_FOR_SCALE = 20;

type Rule = { alert?: string; record?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
export type RuleGroup = { name: string; interval?: string; rules: Rule[] };

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };

/** Prometheus duration → seconds ("1h30m" = 5400). */
export function durationSeconds(d: string): number {
  const parts = [...d.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== d) throw new Error(`not a duration: ${d}`);
  return parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0);
}

export function ruleGroups(forScale = 1): RuleGroup[] {
  const groups = (YAML.parse(readFileSync(RULE_COPY, 'utf8')) as { spec: { groups: RuleGroup[] } }).spec.groups;
  if (forScale === 1) return groups;
  return groups.map((g) => ({
    ...g,
    rules: g.rules.map((r) => (r.for ? { ...r, for: `${Math.max(1, Math.round((durationSeconds(r.for) * 1000) / forScale))}ms` } : r)),
  }));
}

export function writeRulesFile(file: string, forScale = 1): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, YAML.stringify({ groups: ruleGroups(forScale) }, { lineWidth: 0 }));
  return file;
}

/** Alertmanager's configuration (alertmanager.yaml) from kustomize's rendered copy. */
export function alertmanagerConfig(): string {
  return readFileSync(ALERTMANAGER_COPY, 'utf8');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, scale] = process.argv.slice(2);
  if (!out) throw new Error('usage: monitoring-rules.ts OUT.yaml [forScale]');
  console.log(writeRulesFile(path.resolve(out), scale ? Number(scale) : 1));
  const am = path.join(path.dirname(path.resolve(out)), 'alertmanager.yaml');
  writeFileSync(am, alertmanagerConfig());
  console.log(am);
}
