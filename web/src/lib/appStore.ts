// The app's one jotai store for the UI state that code outside React writes too: the live client (the channel's
// open/closed state, the banner's news), toasts raised from a mutation's callbacks, the data-saver switch. Hooks read
// these atoms from this store by name, so the same state is seen whatever Provider a screen renders under.
import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

export const appStore: AppStore = createStore();

/** A fresh store (tests, and anywhere one instance must not see another's state). */
export const createAppStore = (): AppStore => createStore();
