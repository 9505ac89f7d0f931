import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLanguage } from './web-language.js';
import type { EmbedView } from '@mzansi/api';

/**
 * What web/vite.config.ts builds besides index.html (dist/.vite/page.json): the default title and description,
 * the entry's stylesheet, the signed-in part's preloads and each language's catalogue preload.
 */
interface PageParts {
  head: string;
  css: string;
  /** The entry's stylesheet as a file (/assets/…): linked from signed-in pages, whose visitors come back. */
  cssHref: string;
  signedIn: string;
  catalogues: Partial<Record<PageLanguage, string>>;
}

/** The locale of each language, for <html lang>. */
export const PAGE_LOCALES: Record<PageLanguage, string> = { en: 'en-ZA', zu: 'zu-ZA', af: 'af-ZA', st: 'st-ZA' };

/** index.html cut at the places the build marked (web/vite.config.ts), each exactly once, in this order. */
const CUTS = ['<html lang="en-ZA">', '<!--app-head-->', '<!--app-css-->', '<!--app-html-->'] as const;

/** The built page: index.html's text between its marked places, and page.json. */
export interface Template {
  /** index.html's modification time: a rebuilt page is another template. */
  version: number;
  pieces: string[];
  parts: PageParts;
}

function cut(html: string): string[] {
  const pieces: string[] = [];
  let rest = html;
  for (const marker of CUTS) {
    const at = rest.indexOf(marker);
    if (at < 0 || rest.indexOf(marker, at + marker.length) >= 0) throw new Error(`index.html: ${marker} must be there once`);
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  return [...pieces, rest];
}

/** JSON inside a <script> element: `<` escaped so the text can never close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageInput {
  language: PageLanguage;
  /** Served with a session: marked so (the app then asks who is signed in) and the signed-in part preloaded. */
  signedIn: boolean;
  /** Tags in place of the default title and description (routes/share.ts). */
  head?: string;
  /** #root's markup rendered on the server, and the data it was rendered from; none: the browser renders. */
  rendered?: { html: string; data: unknown };
  /**
   * Static markup for #root, shown until the app renders over it (no hydration: the browser's createRoot replaces
   * it) and to readers without scripts and link crawlers (routes/share.ts: the question's history chart).
   */
  placeholder?: string;
}

/** The marker the app reads (features/auth/session.ts mayBeSignedIn). */
const SIGNED_IN_MARKER = '<meta name="mzansi-session" content="signed-in">';
/** A signed-in page the browser renders fetches who is signed in and today's questions alongside the app's files. */
const SIGNED_IN_FETCHES = ['/api/auth/me', '/api/questions/today']
  .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`)
  .join('');

/** The page for one request, from the template. */
export function composePage({ pieces, parts }: Template, input: PageInput): string {
  // An index.html the build did not mark (not web/vite.config.ts's) goes out as it is.
  if (pieces.length === 1) return pieces[0]!;
  const [start = '', beforeHead = '', beforeCss = '', beforeRoot = '', end = ''] = pieces;
  const head = [input.head ?? parts.head];
  if (input.signedIn) head.push(SIGNED_IN_MARKER, parts.signedIn);
  if (input.signedIn && !input.rendered) head.push(SIGNED_IN_FETCHES);
  if (input.language !== 'en') head.push(parts.catalogues[input.language] ?? '');
  if (input.rendered) head.push(`<script type="application/json" id="page-data">${scriptJson(input.rendered.data)}</script>`);
  return [
    start,
    `<html lang="${PAGE_LOCALES[input.language]}">`,
    beforeHead,
    head.join('\n    '),
    beforeCss,
    input.signedIn ? `<link rel="stylesheet" crossorigin href="${parts.cssHref}">` : `<style>${parts.css}</style>`,
    beforeRoot,
    input.rendered?.html ?? input.placeholder ?? '',
    end,
  ].join('');
}

/** The template, read again when index.html changes (a rebuild while the gateway runs); undefined while not built. */
export function pageTemplate(dist: string): () => Template | undefined {
  const index = path.join(dist, 'index.html');
  const partsFile = path.join(dist, '.vite', 'page.json');
  let cached: { mtimeMs: number; template: Template } | undefined;
  return () => {
    if (!existsSync(index)) return undefined;
    const { mtimeMs } = statSync(index);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(index, 'utf8');
      const marked = existsSync(partsFile) && CUTS.every((marker) => html.includes(marker));
      const template = marked
        ? { version: mtimeMs, pieces: cut(html), parts: JSON.parse(readFileSync(partsFile, 'utf8')) as PageParts }
        : { version: mtimeMs, pieces: [html], parts: { head: '', css: '', cssHref: '', signedIn: '', catalogues: {} } };
      cached = { mtimeMs, template };
    }
    return cached.template;
  };
}

/** What the server renderer (web/src/entry-server.tsx) takes and gives. */
export interface RenderInput {
  path: string;
  language: PageLanguage;
  user: unknown;
  today: unknown;
  renderedAt: number;
}
export interface PageRenderer {
  render(input: RenderInput): { html: string; data: unknown };
  /** The embed's markup (/embed/q/{id}; routes/embed.ts). */
  renderEmbed(view: EmbedView, language: PageLanguage): string;
}

const renderers = new Map<string, Promise<PageRenderer | undefined>>();

/**
 * The server renderer built next to the web app (web/dist-ssr/entry-server.js), ready to render (its catalogues and
 * screens loaded; once per process, whoever asks first); undefined when it is not built (then every page renders in
 * the browser).
 */
export function loadRenderer(file: string): Promise<PageRenderer | undefined> {
  let loading = renderers.get(file);
  if (!loading) {
    loading = load(file);
    renderers.set(file, loading);
    loading.catch(() => renderers.delete(file));
  }
  return loading;
}

async function load(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as PageRenderer & { prepare(): Promise<void> };
  await mod.prepare();
  return { render: (input) => mod.render(input), renderEmbed: (view, language) => mod.renderEmbed(view, language) };
}
