/**
 * Renders the alerts' one source (charts/mzansi-predicts/monitoring/rules.tpl.yaml) through the chart with
 * ci/prod-values.yaml into kustomize's copy. `npx tsx tests/manifests/render-monitoring.ts` writes it; the
 * manifests tests fail when the committed copy differs from the render.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { helmTemplate, ROOT } from './render.ts';

export const RULE_COPY = path.join(ROOT, 'k8s', 'components', 'monitoring', 'prometheus-rule.yaml');
export const ALERTMANAGER_COPY = path.join(ROOT, 'k8s', 'components', 'monitoring', 'alertmanager.yaml');

const header = (source: string, what: string, users: string) => `# GENERATED from charts/mzansi-predicts/monitoring/${source} (${what}, rendered with
# ci/prod-values.yaml in namespace mzansi-predicts) by \`npx tsx tests/manifests/render-monitoring.ts\`; do not edit.
# tests/manifests checks it equals the render; ${users}.
`;

/** The kustomize copies' text, as the chart renders them now. */
export function renderMonitoring(): Record<string, string> {
  const objs = helmTemplate('prod').objects;
  const rule = objs.find((o) => o.kind === 'PrometheusRule');
  if (!rule) throw new Error('the prod chart renders no PrometheusRule');
  const am = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'mzansi-predicts-alertmanager');
  if (!am) throw new Error('the prod chart renders no Alertmanager configuration');
  const labels = { 'app.kubernetes.io/part-of': 'mzansi-predicts' };
  const copy = { apiVersion: rule.apiVersion, kind: rule.kind, metadata: { name: rule.metadata.name, labels }, spec: rule.spec };
  return {
    [RULE_COPY]: header('rules.tpl.yaml', "the chart's PrometheusRule", "promtool's tests (tests/monitoring/) and the local cluster load it") + YAML.stringify(copy, { lineWidth: 0 }),
    [ALERTMANAGER_COPY]: header('alertmanager.tpl.yaml', "the chart's Alertmanager configuration", 'amtool checks it in `make test-rules`') + am.data['alertmanager.yaml'] + '\n',
  };
}

/** Which committed copies differ from the render (paths relative to the repository). */
export function staleCopies(): string[] {
  return Object.entries(renderMonitoring())
    .filter(([file, text]) => readFileSync(file, 'utf8') !== text)
    .map(([file]) => path.relative(ROOT, file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(renderMonitoring())) {
    writeFileSync(file, text);
    console.log(`wrote ${path.relative(ROOT, file)}`);
  }
}
