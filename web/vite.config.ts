import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './i18n-catalogues';

// The gateway serves the API, the live channel and the service worker.
const gateway = process.env.MZANSI_GATEWAY_URL ?? 'http://localhost:8080';
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * index.html for a slow first visit (built only). The gateway serves one of two variants (gateway/src/web.ts):
 * - signed out (no session cookie): the blocks between <!--signed-out--> markers: the static landing (LandingPage
 *   rendered into #root once per language between <!--lang:xx--> markers, of which the gateway keeps the visitor's:
 *   the saved choice, else Accept-Language; src/main.tsx fills the English one with today's question), its CSS inline (it paints while the
 *   entry script downloads) and the preload of that question. The app (src/start.tsx) downloads only after that
 *   first paint: it would compete with it for a slow line.
 * - signed in: the blocks between <!--signed-in--> markers: a meta tag saying so, the app, its signed-in part (src/SignedInApp.tsx)
 *   and their CSS linked from the page, and the preloads of /api/auth/me and today's questions, so they download at
 *   once. Rarer screens (admin, research, …) load on demand.
 */
function firstPaint(): Plugin {
  return {
    name: 'mzansi:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const ssr = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          plugins: [react(), i18nCatalogues()],
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        let markup = '';
        let staticVote = '';
        try {
          const mod = (await ssr.ssrLoadModule('/src/features/landing/prerender.tsx')) as { renderStaticLanding(): string };
          const i18n = (await ssr.ssrLoadModule('/src/i18n/index.ts')) as typeof import('./src/i18n');
          for (const { code } of i18n.LANGUAGES) {
            await i18n.setLanguage(code, { remember: false });
            markup += `<!--lang:${code}-->${mod.renderStaticLanding()}<!--/lang:${code}-->`;
          }
          await i18n.setLanguage('en', { remember: false });
          // The signed-in /vote's first paint (English: src/features/vote/staticVote.ts fills it in).
          const vote = (await ssr.ssrLoadModule('/src/features/vote/prerender.tsx')) as { renderStaticVote(): string };
          staticVote = `<template id="static-vote">${vote.renderStaticVote()}</template>`;
        } finally {
          await ssr.close();
        }
        if (!html.includes('<!--static-landing-->')) throw new Error('index.html: no <!--static-landing--> in #root');
        html = html.replace('<!--static-landing-->', `<!--signed-out-->${markup}<!--/signed-out-->`);
        const preload = '<link rel="preload" href="/api/questions/today" as="fetch" crossorigin="use-credentials">';
        html = html.replace('<title>', `<!--signed-out-->${preload}<!--/signed-out-->\n    <title>`);

        const bundle = Object.values(ctx.bundle ?? {});
        const css = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html);
        const sheet = bundle.find((a) => a.type === 'asset' && a.fileName === css?.[1]);
        if (!css || sheet?.type !== 'asset') throw new Error('index.html: no stylesheet of the entry');
        const inline = `<!--signed-out--><style>${String(sheet.source)}</style><!--/signed-out-->`;
        html = html.replace(css[0], `${inline}<!--signed-in-->${css[0]}<!--/signed-in-->`);

        const chunks = bundle.flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const dynamicChunk = (file: string) => {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(file));
          if (!chunk) throw new Error(`no chunk for ${file}`);
          return chunk.fileName;
        };
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
          links.push(`<link rel="modulepreload" crossorigin href="/${fileName}">`);
        };
        visit(dynamicChunk('/src/start.tsx'));
        visit(dynamicChunk('/src/SignedInApp.tsx'));
        // The signed-in screens' English (App.tsx loads it with SignedInApp): preloaded too, or /vote's first render
        // waited one more round trip for it after the app had started (0.7 s on Fast 3G).
        visit(dynamicChunk('/src/i18n/later.ts'));
        // Who is signed in and today's questions download with the app instead of after it (start.tsx takes today's
        // into the cache): /vote's first paint no longer waits for the JS, then /me, then today's questions in a row.
        const fetches = ['/api/auth/me', '/api/questions/today'].map(
          (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`,
        );
        // The page says it was served as signed in (features/auth/session.ts: then the app asks who is signed in).
        const marker = '<meta name="mzansi-session" content="signed-in">';
        const signedIn = [marker, ...fetches, ...new Set(links)].join('');
        html = html.replace('</body>', `  <!--signed-in-->${staticVote}<!--/signed-in-->\n  </body>`);
        return html.replace('</head>', `  <!--signed-in-->${signedIn}<!--/signed-in-->\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), i18nCatalogues(), firstPaint()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each entry and lazy chunk loads (the bench's landing budget reads it;
    // the gateway does not serve dot-folders).
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/ws': { target: gateway, ws: true, changeOrigin: true },
      '/sw.js': { target: gateway, changeOrigin: true },
    },
  },
});
