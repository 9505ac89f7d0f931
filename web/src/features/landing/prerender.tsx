// Build time only (vite.config.ts): the static landing that index.html carries for signed-out visitors.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createQueryClient } from '../../lib/queryClient';
import { LandingPage } from './LandingPage';

/**
 * LandingPage as it first shows, before any data: the same markup the app renders over it. Its buttons do nothing
 * until the app has started, and say so (aria-disabled; browser tests wait for the live ones).
 */
export function renderStaticLanding(): string {
  return renderStatic(<LandingPage staticShell />);
}

/** Markup for index.html's first paints: `node` under the app's providers, before any data, buttons inert. */
export function renderStatic(node: ReactNode): string {
  const client = createQueryClient();
  try {
    return inert(
      renderToStaticMarkup(
        <QueryClientProvider client={client}>
          <JotaiProvider>{node}</JotaiProvider>
        </QueryClientProvider>,
      ),
    );
  } finally {
    // The queries the render built each hold a 5-minute garbage-collection timer, which kept `vite build` alive for
    // five minutes after it had finished. Clearing the cache removes them and their timers.
    client.clear();
  }
}

/** Marks every button of static markup as not working yet. */
export function inert(markup: string): string {
  return markup.replaceAll('<button ', '<button aria-disabled="true" ');
}
