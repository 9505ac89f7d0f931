/**
 * Every alert of the rules has promtool unit tests (tests/monitoring/*.test.yaml): at least one case where it fires
 * and one where it must stay quiet (an eval with `exp_alerts: []`); Alertmanager's inhibit rules name real alerts.
 * Run by `make test-rules`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { alertmanagerConfig, ruleGroups } from '../../scripts/monitoring-rules.ts';

const DIR = path.dirname(fileURLToPath(import.meta.url));
type Case = { alertname: string; exp_alerts?: unknown[] };

export function uncovered(): string[] {
  const fires = new Set<string>();
  const quiet = new Set<string>();
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.test.yaml'))) {
    const doc = YAML.parse(readFileSync(path.join(DIR, f), 'utf8')) as { tests: { alert_rule_test?: Case[] }[] };
    for (const c of doc.tests.flatMap((t) => t.alert_rule_test ?? [])) (c.exp_alerts?.length ? fires : quiet).add(c.alertname);
  }
  const alerts = new Set(ruleGroups().flatMap((g) => g.rules.flatMap((r) => (r.alert ? [r.alert] : []))));
  // Alertmanager's inhibition names only alerts that exist (a renamed alert would silently stop being inhibited).
  const inhibit = (YAML.parse(alertmanagerConfig()) as { inhibit_rules: { source_matchers: string[]; target_matchers: string[] }[] }).inhibit_rules;
  const named = inhibit.flatMap((r) => [...r.source_matchers, ...r.target_matchers]).flatMap((m) => /^alertname=~?"([^"]+)"$/.exec(m)?.[1]?.split('|') ?? []);
  const unknown = named.filter((a) => !alerts.has(a)).map((a) => `${a}: named by an inhibit rule, no such alert`);
  return [...unknown, ...[...alerts].flatMap((a) => [...(fires.has(a) ? [] : [`${a}: no case where it fires`]), ...(quiet.has(a) ? [] : [`${a}: no case where it stays quiet`])])];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = uncovered();
  if (missing.length) {
    console.error(`alerts without promtool tests:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  console.log('every alert has a firing and a quiet promtool case');
}
