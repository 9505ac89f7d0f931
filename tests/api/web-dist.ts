import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** index.html with the places the gateway fills, as web/vite.config.ts writes it. */
const INDEX = `<!doctype html><html lang="en-ZA"><head><!--app-head--><!--app-css--></head><body><div id="root"><!--app-html--></div></body></html>`;

/**
 * A built web app as the gateway serves it (WEB_DIST): index.html and .vite/page.json, the parts the server render
 * fills in, for the tests of pages the gateway renders (share pages, oEmbed, the resolution's page). Its folder.
 */
export function builtWebDist(prefix: string, parts: { head?: string; css?: string } = {}): string {
  const dist = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, '.vite'));
  const page = { head: parts.head ?? '<title>Mzansi Predicts</title>', css: parts.css ?? '', cssHref: '/assets/index.css', signedIn: '', catalogues: {} };
  writeFileSync(path.join(dist, '.vite', 'page.json'), JSON.stringify(page));
  return dist;
}
