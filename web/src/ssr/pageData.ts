// What a server-rendered page carries for its hydration (gateway/src/web.ts writes it, entry-server.tsx makes it):
// the queries the render used, its language, its path and the time it was rendered, so the browser's first render
// is the server's exactly. In a <script type="application/json">: data, never run (nor blocked by the CSP).
import type { DehydratedState } from '@tanstack/react-query';
import { isLanguage, type Language } from '../i18n';

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** The path rendered: a page kept by the service worker and shown for another path is rendered afresh. */
  path: string;
  language: Language;
  /** ms since epoch: the clock's first value (lib/useNow.ts). */
  renderedAt: number;
  /** The query cache as the render had it (TanStack Query's dehydrate). */
  queries: DehydratedState;
}

/** The page's data if it is well-formed and was rendered for `pathname`; else undefined (then the app renders afresh). */
export function readPageData(doc: Document, pathname: string): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<PageData> | null;
    if (!data || data.path !== pathname || !isLanguage(data.language) || typeof data.renderedAt !== 'number') return undefined;
    if (!data.queries || !Array.isArray(data.queries.queries)) return undefined;
    return data as PageData;
  } catch {
    return undefined;
  }
}
