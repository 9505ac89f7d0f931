import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import type { User } from './types';

export const USER_STORAGE_KEY = 'mzansi.user';

function isUser(value: unknown): value is User {
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
    // quota or disabled storage: the atom still holds the session for this tab
  }
}

// Read from storage when a store first needs it (so each Provider/test starts from storage).
const baseUserAtom = atomWithDefault<User | null>(() => readStoredUser());

/** The signed-in user (null when signed out). Writing it also updates localStorage. */
export const userAtom = atom(
  (get) => get(baseUserAtom),
  (_get, set, next: User | null) => {
    set(baseUserAtom, next);
    writeStoredUser(next);
  },
);
