import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './i18n-catalogues';

// The gateway serves the API, the live channel and the service worker.
const gateway = process.env.MZANSI_GATEWAY_URL ?? 'http://localhost:8080';
const root = fileURLToPath(new URL('.', import.meta.url));

/** The embed's entry (the gateway finds its built files in dist/.vite/manifest.json under this name). */
export const EMBED_ENTRY = 'src/features/embed/embed-frame.ts';

/** The places in index.html the gateway fills for each page (gateway/src/web.ts), each once. */
const MARKERS = { head: '<!--app-head-->', css: '<!--app-css-->', html: '<!--app-html-->' } as const;
/**
 * The page's default description and title as index.html writes them: the gateway's share page (/q/{id}) puts the
 * question's in their place.
 */
const DEFAULT_HEAD =
  '<meta name="description" content="Make one political prediction a day. South Africa\'s daily political prediction game.">\n    <title>Mzansi Predicts</title>';

/** What the gateway needs besides the page's template: dist/.vite/page.json (not served: a dot-folder). */
export interface PageParts {
  /** The page's title and description, for pages without their own. */
  head: string;
  /**
   * The entry's stylesheet, inlined in signed-out pages (a first visit's paint waits for no request for it), linked
   * (cssHref) from signed-in ones: they come back, and find it cached.
   */
  css: string;
  cssHref: string;
  /** The signed-in part's files (its chunk, the later English, their stylesheets) for pages served signed in. */
  signedIn: string;
  /** Each language's catalogue chunk, preloaded on a page in that language (the browser hydrates in it). */
  catalogues: Record<string, string>;
}

/**
 * index.html as the gateway's template (built only): the entry's stylesheet, the default title and description
 * become markers, and page.json carries what goes there and the signed-in and language preloads. The page's own
 * markup comes from the same App rendered on the server (src/entry-server.tsx), never from this file.
 */
function pageTemplate(): Plugin {
  let parts: PageParts | undefined;
  let outDir = path.join(root, 'dist');
  return {
    name: 'mzansi:page-template',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = Object.values(ctx.bundle ?? {});
        const entryCss = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html);
        const sheet = bundle.find((a) => a.type === 'asset' && a.fileName === entryCss?.[1]);
        if (!entryCss || sheet?.type !== 'asset') throw new Error('index.html: no stylesheet of the entry');
        if (!html.includes(DEFAULT_HEAD)) throw new Error('index.html: no description and title as expected');
        if (!html.includes(MARKERS.html)) throw new Error(`index.html: no ${MARKERS.html} in #root`);

        const chunks = bundle.flatMap((c) => (c.type === 'chunk' ? [c] : []));
        // The app's modules are fetched at low priority: the first paint needs only the page and its stylesheets (a
        // phone's bandwidth goes to them first, and the scripts are not ready to run before the page is painted).
        html = html
          .replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
        const dynamicChunk = (id: string) => {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(id));
          if (!chunk) throw new Error(`no chunk for ${id}`);
          return chunk.fileName;
        };
        const preloads = (...ids: string[]) => {
          const links: string[] = [];
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName) || html.includes(`/${fileName}"`)) return;
            seen.add(fileName);
            const chunk = chunks.find((c) => c.fileName === fileName);
            chunk?.imports.forEach(visit);
            for (const file of chunk?.viteMetadata?.importedCss ?? []) {
              if (!html.includes(`/${file}"`)) links.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
            }
            links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${fileName}">`);
          };
          ids.forEach((id) => visit(dynamicChunk(id)));
          return [...new Set(links)].join('');
        };
        parts = {
          head: DEFAULT_HEAD,
          css: String(sheet.source),
          cssHref: `/${sheet.fileName}`,
          signedIn: preloads('/src/SignedInApp.tsx', '/src/i18n/later.ts'),
          catalogues: Object.fromEntries(['zu', 'af', 'st'].map((code) => [code, preloads(`i18n-catalogue:${code}`)])),
        };
        return html.replace(DEFAULT_HEAD, MARKERS.head).replace(entryCss[0], MARKERS.css);
      },
    },
    writeBundle() {
      if (!parts) throw new Error('index.html was not built');
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'page.json'), JSON.stringify(parts));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), i18nCatalogues(), pageTemplate()],
  build: isSsrBuild
    ? // The server renderer (src/entry-server.tsx) for the gateway: one file with its dependencies, no CSS.
      { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // dist/.vite/manifest.json: which files each entry and lazy chunk loads (the bench's landing and chart
        // budgets read it; the gateway does not serve dot-folders).
        manifest: true,
        sourcemap: false,
        // The embed (/embed/q/{id}) is an entry of its own: its small script and stylesheet, none of the app.
        rollupOptions: { input: { index: path.join(root, 'index.html'), embed: path.join(root, EMBED_ENTRY) } },
      },
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/ws': { target: gateway, ws: true, changeOrigin: true },
      '/sw.js': { target: gateway, changeOrigin: true },
    },
  },
}));
