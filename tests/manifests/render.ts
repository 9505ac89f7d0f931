/** Renders the kustomize overlays and the Helm chart's ci scenarios into plain objects. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHART = path.join(ROOT, 'charts', 'mzansi-predicts');
export const OVERLAYS = ['dev', 'prod'] as const;
export const SCENARIOS = readdirSync(path.join(CHART, 'ci'))
  .filter((f) => f.endsWith('-values.yaml'))
  .map((f) => f.replace(/-values\.yaml$/, ''))
  .sort();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; [k: string]: any };

export function parseAll(text: string, source: string): K8sObject[] {
  return YAML.parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors[0]!.message}`);
    const o = doc.toJS() as K8sObject | null;
    return o ? [o] : [];
  });
}

export function kustomize(overlay: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'overlays', overlay)], { encoding: 'utf8' });
  return parseAll(out, `k8s/overlays/${overlay}`);
}

const BIN_DIR = path.join(ROOT, 'tests', 'manifests', '.bin');
let renderer: string | undefined;

/** Builds helm-render (GOPATH mode against Debian's sprig sources; scripts/install-go-sprig.sh provides them). */
export function buildRenderer(): string {
  if (renderer) return renderer;
  if (!existsSync('/usr/share/gocode/src/github.com/Masterminds/sprig')) {
    throw new Error('Go sprig sources missing: run `bash scripts/install-go-sprig.sh` (make test-manifests does)');
  }
  mkdirSync(BIN_DIR, { recursive: true });
  const bin = path.join(BIN_DIR, 'helm-render');
  execFileSync('go', ['build', '-o', bin, '.'], {
    cwd: path.join(ROOT, 'tests', 'manifests', 'helm-render'),
    env: { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOFLAGS: '', GOCACHE: path.join(BIN_DIR, 'gocache') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  renderer = bin;
  return bin;
}

export interface ChartRender {
  objects: K8sObject[];
  notes: string;
}

export function helmTemplate(scenario: string, namespace = 'mzansi-predicts', extraValues: string[] = []): ChartRender {
  const bin = buildRenderer();
  const notesFile = path.join(BIN_DIR, `${scenario}-NOTES.txt`);
  const args = ['-n', namespace, '-name', 'mzansi-predicts', '-notes', notesFile, '-f', path.join(CHART, 'ci', `${scenario}-values.yaml`)];
  for (const f of extraValues) args.push('-f', f);
  const out = execFileSync(bin, [...args, CHART], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const notes = execFileSync('cat', [notesFile], { encoding: 'utf8' });
  return { objects: parseAll(out, `chart (${scenario})`), notes };
}
