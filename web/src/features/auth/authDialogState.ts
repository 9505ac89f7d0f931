import { atom, useSetAtom } from 'jotai';

export type AuthMode = 'login' | 'signup';

/** `stay`: after signing in or up the reader stays on this page (the embed's answer popup), not sent to /vote. */
export const authDialogAtom = atom<{ open: boolean; mode: AuthMode; stay?: boolean }>({ open: false, mode: 'login' });

/** Opens the sign-in dialog in the given mode (from any screen). */
export function useOpenAuthDialog(): (mode: AuthMode, options?: { stay?: boolean }) => void {
  const set = useSetAtom(authDialogAtom);
  return (mode, options) => set({ open: true, mode, stay: options?.stay });
}
