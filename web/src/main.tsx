// Entry. The gateway sends / (signed out) and /vote (signed in) rendered on the server from this same App
// (entry-server.tsx) with the data it used; the browser hydrates that markup in the page's language, from that data,
// in one transition (React works in short slices, yielding to the browser between them). Any other page has an
// empty root and renders here. The rest (live channel, vote outbox, service worker) follows in start.tsx.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './App';
import { queryClient } from './lib/queryClient';
import { exposeLanguageSwitch, setLanguage, startI18n } from './i18n';
import { sessionConfirmedByServer } from './features/auth/useSession';
import { ME_QUERY_KEY } from './features/auth/api';
import { clearSignedInHint } from './features/auth/session';
import { readPageData, type PageData } from './ssr/pageData';
import './styles/base.css';
import './styles/controls.css';
import './styles/widgets.css';
import './styles/chrome.css';
import './styles/landing.css';
import './styles/cards.css';
import './styles/folds.css';
import './colour-scheme.css';

const container = document.getElementById('root')!;

/** Hydrates the server's markup; false (nothing done) when the page's language could not be loaded. */
async function hydratePage(page: PageData): Promise<boolean> {
  if (page.language !== 'en') {
    const loaded = await setLanguage(page.language, { remember: false }).then(
      () => true,
      (error: unknown) => (console.warn('Language not loaded', error), false),
    );
    if (!loaded) return false;
  }
  // The queries as the server rendered them, the session among them: the user it found (or nobody), not whatever
  // this device stored.
  hydrate(queryClient, page.queries);
  sessionConfirmedByServer();
  // The server found no session: a signed-in hint left behind is stale.
  if (!queryClient.getQueryData(ME_QUERY_KEY)) clearSignedInHint();
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} renderedAt={page.renderedAt} />
      </StrictMode>,
    );
  });
  return true;
}

async function renderPage(): Promise<void> {
  await startI18n();
  // A page rendered for another path (the service worker's copy, offline) is not this one's markup.
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

exposeLanguageSwitch();
const page = readPageData(document, window.location.pathname);
void (page ? hydratePage(page) : Promise.resolve(false))
  .then((hydrated) => (hydrated ? undefined : renderPage()))
  .then(() => import('./start'));
