/**
 * What the web build makes a reader download, from Vite's manifest (web/dist/.vite/manifest.json): the signed-out
 * landing's JS+CSS, the lazy chart chunk (uPlot, behind src/features/history/LazyTimeChart.tsx) — its cost when
 * a chart first shows, and whether any of it has slipped into the landing's files — and the embed page's JS+CSS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** The module LazyTimeChart imports on demand; its manifest entry is the chart chunk. */
const CHART_ENTRY = 'src/features/history/TimeChart.tsx';
/** The embed's own entry (/embed/q/{id}: its script and stylesheet, web/vite.config.ts). */
const EMBED_ENTRY = 'src/features/embed/embed-frame.ts';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

export interface ChartChunk {
  /** Gzip KB of the files the chart loads that the landing has not (its own JS and CSS, and any chunk only it needs). */
  gzipKb: number;
  files: number;
  /** The chart's own JS and CSS files that the landing loads: none, or the chunk is not lazy. */
  inLanding: string[];
}

export interface BundleSizes {
  landingGzipKb: number;
  landingFiles: number;
  /** Undefined when the manifest has no chart entry (renamed or no longer lazy). */
  chart?: ChartChunk;
  /** The embed page's JS+CSS (undefined: no embed entry in the manifest). */
  embed?: { gzipKb: number; files: number };
}

export function bundleSizes(): BundleSizes {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // What the signed-out landing downloads to become the live app: the entry (index.html's script and stylesheet,
  // the latter inlined in the page) and what it imports once hydrating has started (src/start.tsx). Not the
  // signed-in screens, which a signed-in page preloads beside them.
  const landing = staticFiles(manifest, ['index.html', 'src/start.tsx']);
  if (!landing.size) throw new Error('web/dist/.vite/manifest.json: no index.html entry (make build)');
  const chartEntry = manifest[CHART_ENTRY];
  const chart: ChartChunk | undefined = chartEntry && {
    ...gzipKb([...staticFiles(manifest, [CHART_ENTRY])].filter((f) => !landing.has(f))),
    inLanding: [chartEntry.file, ...(chartEntry.css ?? [])].map((f) => `/${f}`).filter((f) => landing.has(f)),
  };
  const sizes = gzipKb([...landing]);
  const embed = manifest[EMBED_ENTRY] ? gzipKb([...staticFiles(manifest, [EMBED_ENTRY])]) : undefined;
  return { landingGzipKb: sizes.gzipKb, landingFiles: sizes.files, chart, embed };
}

/** The entries' files with every chunk and stylesheet they import statically, transitively (as `/assets/…`). */
function staticFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(`/${entry.file}`)) return;
    files.add(`/${entry.file}`);
    for (const css of entry.css ?? []) files.add(`/${css}`);
    entry.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

function gzipKb(files: string[]): { gzipKb: number; files: number } {
  const bytes = files.reduce((n, f) => n + gzipSync(readFileSync(path.join(DIST, f))).length, 0);
  return { gzipKb: bytes / 1024, files: files.length };
}
