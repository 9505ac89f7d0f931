// The server's renderer (built by `vite build --ssr` into dist-ssr/; gateway/src/web.ts imports it): the app's own
// component tree, rendered for a path, a language, a user and the data the page needs, with that data dehydrated
// for the browser's hydrateRoot (main.tsx). One renderer: what the server sends is what the app renders.
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';
import { ME_QUERY_KEY } from './features/auth/api';
import type { User } from './features/auth/types';
import { TODAY_QUESTIONS_KEY } from './entities/question/list';
import { LANGUAGES, setLanguage, type Language } from './i18n';
// The server speaks every language in full (the browser loads the later English with the signed-in screens).
import './i18n/later';
import type { PageData } from './ssr/pageData';
import type { EmbedView } from '@mzansi/api';
import { EmbedCard } from './features/embed/EmbedCard';

export type { PageData } from './ssr/pageData';
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

export interface RenderInput {
  /** The path (no query): the router renders its screen. */
  path: string;
  language: Language;
  /** The signed-in user (GET /api/auth/me's answer), or null for a signed-out page. */
  user: User | null;
  /** GET /api/questions/today's answer. */
  today: unknown;
  /** ms since epoch: the clock the page shows. */
  renderedAt: number;
}

export interface RenderedPage {
  /** #root's markup. */
  html: string;
  data: PageData;
}

/** A query client holding what the page is rendered from: who is signed in (or nobody) and today's questions. */
function setUp(input: RenderInput): QueryClient {
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, input.user, { updatedAt: input.renderedAt });
  client.setQueryData(TODAY_QUESTIONS_KEY, input.today, { updatedAt: input.renderedAt });
  return client;
}

const app = (input: RenderInput, client: QueryClient) => <App queryClient={client} location={input.path} renderedAt={input.renderedAt} />;

/**
 * Loads every catalogue and every lazy part the rendered pages use (a complete render of each waits for them),
 * so that `render` then runs in one synchronous pass: the active language is the process's, and no other
 * request's render can run in the middle of one.
 */
export async function prepare(): Promise<void> {
  for (const code of LANGUAGE_CODES) await setLanguage(code, { remember: false });
  const user: User = {
    id: '00000000-0000-4000-8000-000000000000',
    username: 'warm',
    name: 'Warm Up',
    email: null,
    phoneNumber: null,
    joinDate: '2025-01-01T00:00:00.000Z',
    isAdmin: false,
    emailNotifications: true,
    browserNotifications: false,
    whatsappNotifications: false,
    emailVerified: false,
    privacyConsent: null,
    province: null,
    language: null,
    nameReplacedReason: null,
    profilePromptDone: true,
  };
  for (const input of [
    { path: '/', language: 'en', user: null, today: [], renderedAt: Date.now() },
    { path: '/vote', language: 'en', user, today: [], renderedAt: Date.now() },
  ] satisfies RenderInput[]) {
    const client = setUp(input);
    const { prelude } = await prerender(app(input, client));
    await new Response(prelude).text();
    client.clear();
  }
}

/** The page for `input`: call `prepare` once first. */
export function render(input: RenderInput): RenderedPage {
  void setLanguage(input.language, { remember: false });
  const client = setUp(input);
  try {
    const html = renderToString(app(input, client));
    return { html, data: { path: input.path, language: input.language, renderedAt: input.renderedAt, queries: dehydrate(client) } };
  } finally {
    // Each query holds a garbage-collection timer: cleared, the process keeps none per page.
    client.clear();
  }
}

/** The embed of a question (/embed/q/{id}): its markup only, in `language` (the gateway writes the page around it). */
export function renderEmbed(view: EmbedView, language: Language): string {
  void setLanguage(language, { remember: false });
  return renderToString(<EmbedCard view={view} />);
}
