// The signed-in user lives in one place, TanStack Query's `ME_QUERY_KEY`; this module persists that one query to
// localStorage (the format the entry chunk's first paint reads: staticVote.ts), so a returning visitor's first
// render is already signed in while /api/auth/me confirms it.
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from './api';
import type { User } from './types';

export { USER_STORAGE_KEY } from './session-key';
import { USER_STORAGE_KEY } from './session-key';

export function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.username === 'string' && typeof v.name === 'string';
}

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined; // storage disabled (private mode, policies)
  }
}

/** The stored user, or null. Unparseable or malformed stored data is removed. */
export function readStoredUser(store: Storage | undefined = storage()): User | null {
  if (!store) return null;
  const raw = store.getItem(USER_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
  } catch {
    // fall through
  }
  store.removeItem(USER_STORAGE_KEY);
  return null;
}

export function writeStoredUser(user: User | null, store: Storage | undefined = storage()): void {
  if (!store) return;
  try {
    if (user) store.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else store.removeItem(USER_STORAGE_KEY);
  } catch {
    // quota or disabled storage: the query cache still holds the session for this tab
  }
}

/** The gateway's signed-in hint cookie (gateway/src/session.ts): readable, no user data; set and cleared with the session. */
const SIGNED_IN_HINT = /(?:^|;\s*)signed-in=/;

/**
 * Whether this browser may have a session, so GET /api/auth/me is worth asking: the gateway's signed-in hint, a
 * stored user (signed in before the hint existed), or a page the gateway served as signed in (it saw a session
 * cookie; the page says so in a meta tag). A signed-out visitor has none of them, and asks nothing.
 */
export function mayBeSignedIn(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  if (!doc) return true;
  return SIGNED_IN_HINT.test(doc.cookie) || readStoredUser() !== null || doc.querySelector('meta[name="mzansi-session"]') !== null;
}

/** Forgets a stale hint (the gateway clears it too, on the 401). */
export function clearSignedInHint(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (doc && SIGNED_IN_HINT.test(doc.cookie)) doc.cookie = 'signed-in=; Path=/; Max-Age=0; SameSite=Lax';
}

/**
 * Writes every change of the user query to storage (a sign-in, a settings call's answer, a sign-out's null); returns
 * the unsubscribe. The query cache is the one source: storage only seeds a later page load.
 */
export function persistUser(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== ME_QUERY_KEY[0]) return;
    const data: unknown = event.query.state.data;
    writeStoredUser(isUser(data) ? data : null);
  });
}
