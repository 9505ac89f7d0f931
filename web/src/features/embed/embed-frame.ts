// The embed's only script (its own entry in the build, with embed.css): it turns the YES/NO buttons on where a
// first-party popup can open, opens the answer popup (/embed/answer/{id}), takes the reader's token the popup
// posts back and reloads the frame with it, and refreshes the results at most once a minute — live, once the
// reader has answered. The markup is the server's (EmbedCard): a refresh swaps in the server's new results section.
import './embed.css';

/**
 * What the answer popup posts to the frame (embedMessage.ts, the popup's side; a test keeps them equal). Written
 * here rather than imported: a module both sides import becomes a chunk of its own, one more request for the frame.
 */
export const EMBED_TOKEN_MESSAGE = 'mzansi-predicts:embed-token';
const REFRESH_MS = 60_000;

/** A frame sandboxed without allow-same-origin has an opaque origin: no popup could hand it anything back. */
const canHandBack = () => window.origin !== 'null';

function start(root: HTMLElement): void {
  const id = root.dataset.question ?? '';
  const options = root.querySelector<HTMLElement>('[data-embed-options]');
  const hint = root.querySelector<HTMLElement>('[data-embed-hint]');
  const fallback = root.querySelector<HTMLElement>('[data-embed-fallback]');
  const showButtons = (on: boolean) => {
    if (options) options.hidden = !on;
    if (hint) hint.hidden = !on;
    if (fallback) fallback.hidden = on;
  };
  if (options && canHandBack()) showButtons(true);

  options?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-option]');
    if (!button) return;
    const url = `/embed/answer/${encodeURIComponent(id)}?option=${encodeURIComponent(button.dataset.option ?? '')}&lang=${encodeURIComponent(root.dataset.lang ?? 'en')}`;
    const popup = window.open(url, 'mzansi-predicts-answer', 'popup,width=420,height=680');
    // Popups blocked (a sandbox without allow-popups, a blocker): the link opens the question instead.
    if (!popup) showButtons(false);
  });

  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { type?: unknown; questionId?: unknown; token?: unknown } | null;
    if (data?.type !== EMBED_TOKEN_MESSAGE || data.questionId !== id || typeof data.token !== 'string') return;
    const next = new URL(window.location.href);
    next.searchParams.set('t', data.token);
    window.location.replace(next.toString());
  });

  // The results without a live connection: the page again (cached by the server), at most once a minute and only
  // while the frame is on screen; once the reader's token has expired the frame keeps what it shows.
  const refresh = async () => {
    if (document.hidden) return;
    const res = await fetch(window.location.href, { credentials: 'omit' }).catch(() => undefined);
    if (!res?.ok) return;
    const next = new DOMParser().parseFromString(await res.text(), 'text/html');
    const fresh = next.querySelector('[data-embed]');
    if (!fresh || (fresh as HTMLElement).dataset.answered !== root.dataset.answered) return;
    const current = root.querySelector('[data-embed-results]');
    const replacement = fresh.querySelector('[data-embed-results]');
    if (current && replacement) current.replaceWith(replacement);
  };
  window.setInterval(() => void refresh(), REFRESH_MS);
  // Once the reader has answered here (the frame holds their token), the results follow live: each change of this
  // question's figures on the live channel (signed out: public messages only) refreshes them, a few seconds apart.
  if (root.dataset.answered) followLive(id, refresh);
}

const LIVE_REFRESH_MS = 3_000;

function followLive(id: string, refresh: () => Promise<void>): void {
  let pending: number | undefined;
  const connect = () => {
    const ws = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`);
    ws.addEventListener('message', (event) => {
      let message: { type?: unknown; questionId?: unknown } | undefined;
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return;
      }
      if (message?.type !== 'results-updated' || message.questionId !== id || pending !== undefined) return;
      pending = window.setTimeout(() => {
        pending = undefined;
        void refresh();
      }, LIVE_REFRESH_MS);
    });
    ws.addEventListener('close', () => window.setTimeout(connect, 5_000 + Math.random() * 10_000));
  };
  connect();
}

const root = document.querySelector<HTMLElement>('[data-embed]');
if (root) start(root);
