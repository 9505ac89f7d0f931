// Toast queue with shadcn/ui `use-toast` semantics (spec §4, §9):
// at most one toast shown; add / update / dismiss / remove; a dismissed toast is
// removed from state 1,000,000 ms later; default display duration 5000 ms. The queue is an atom of the app's store
// (lib/appStore.ts): toasts are raised from mutation callbacks, outside any component.
import type { ReactNode } from 'react';
import { atom, useAtomValue } from 'jotai';
import { appStore } from '../lib/appStore';
import { t } from '../i18n';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; Infinity keeps it open. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure state transition (side effects such as removal timers live in `dispatch`). */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let count = 0;
const genId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
};

const toastStateAtom = atom<ToastState>({ toasts: [] });
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function dispatch(action: ToastAction): void {
  if (action.type === 'DISMISS_TOAST') {
    if (action.toastId !== undefined) queueRemoval(action.toastId);
    else appStore.get(toastStateAtom).toasts.forEach((t) => queueRemoval(t.id));
  }
  appStore.set(toastStateAtom, (state) => toastReducer(state, action));
}

export function getToastState(): ToastState {
  return appStore.get(toastStateAtom);
}

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(options: ToastOptions) {
  const id = genId();
  const update = (props: Partial<ToastOptions>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...props, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({ type: 'ADD_TOAST', toast: { ...options, id, open: true } });
  return { id, dismiss, update };
}

/** Error toast: destructive style, title 'Error' (in the interface language) unless another title is given (spec §8). */
export function toastError(description: ReactNode, title: ReactNode = t('toast.error')) {
  return toast({ variant: 'destructive', title, description });
}

export function useToast() {
  const state = useAtomValue(toastStateAtom, { store: appStore });
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}

/** Test hook: forget every toast and pending removal timer. */
export function resetToasts(): void {
  removeTimeouts.forEach((timeout) => clearTimeout(timeout));
  removeTimeouts.clear();
  appStore.set(toastStateAtom, { toasts: [] });
}
