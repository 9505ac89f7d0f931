// Data saver (spec: "light on data"): no comment images until tapped, no avatar images, no polling. On by default when
// the browser asks to save data (navigator.connection.saveData, or the `Save-Data: on` request header the gateway
// reflects in the `save-data` cookie); the user's own choice, kept on the device, wins. A tiny external store like
// liveStatus: the live client and the queries read it outside and inside React.
import { useSyncExternalStore } from 'react';

export const DATA_SAVER_KEY = 'mzansi.dataSaver';

/** Whether the browser asks for less data: the Network Information API or the gateway's `save-data` cookie. */
export function browserSavesData(nav: Navigator | undefined, cookie: string): boolean {
  const connection = (nav as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  return connection?.saveData === true || /(?:^|;\s*)save-data=on(?:;|$)/.test(cookie);
}

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export interface DataSaver {
  on(): boolean;
  set(on: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createDataSaver(store: Storage | undefined, browserDefault: () => boolean): DataSaver {
  const saved = store?.getItem(DATA_SAVER_KEY);
  let on = saved === 'on' ? true : saved === 'off' ? false : browserDefault();
  const listeners = new Set<() => void>();
  return {
    on: () => on,
    set(next) {
      try {
        store?.setItem(DATA_SAVER_KEY, next ? 'on' : 'off');
      } catch {
        // storage full or disabled: the choice holds for this tab
      }
      if (next === on) return;
      on = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one data-saver setting. */
export const dataSaver = createDataSaver(storage(), () =>
  typeof document === 'undefined' ? false : browserSavesData(typeof navigator === 'undefined' ? undefined : navigator, document.cookie),
);

export function useDataSaver(saver: DataSaver = dataSaver): boolean {
  return useSyncExternalStore(saver.subscribe, saver.on, () => false);
}
