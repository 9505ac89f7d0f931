import { atom, useSetAtom } from 'jotai';

export type AuthMode = 'login' | 'signup';

export const authDialogAtom = atom<{ open: boolean; mode: AuthMode }>({ open: false, mode: 'login' });

/** Opens the sign-in dialog in the given mode (from any screen). */
export function useOpenAuthDialog(): (mode: AuthMode) => void {
  const set = useSetAtom(authDialogAtom);
  return (mode) => set({ open: true, mode });
}
