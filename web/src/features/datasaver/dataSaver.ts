// Data saver (spec: "light on data"): no comment images until tapped, no avatar images, no polling. On by default when
// the browser asks to save data (navigator.connection.saveData, or the `Save-Data: on` request header the gateway
// reflects in the `save-data` cookie); the user's own choice, kept on the device, wins. An atom of the app's store
// (lib/appStore.ts): the live client and the queries read it outside and inside React.
import { atom, useAtomValue, type WritableAtom } from 'jotai';
import { appStore, type AppStore } from '../../lib/appStore';

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

/** The setting: read from the device's stored choice (else the browser's wish); writing it stores the choice. */
export function createDataSaverAtom(store: Storage | undefined, browserDefault: () => boolean): WritableAtom<boolean, [boolean], void> {
  const saved = store?.getItem(DATA_SAVER_KEY);
  const base = atom(saved === 'on' ? true : saved === 'off' ? false : browserDefault());
  return atom(
    (get) => get(base),
    (_get, set, next: boolean) => {
      try {
        store?.setItem(DATA_SAVER_KEY, next ? 'on' : 'off');
      } catch {
        // storage full or disabled: the choice holds for this tab
      }
      set(base, next);
    },
  );
}

/** The app's one data-saver setting. */
export const dataSaverAtom = createDataSaverAtom(storage(), () =>
  typeof document === 'undefined' ? false : browserSavesData(typeof navigator === 'undefined' ? undefined : navigator, document.cookie),
);

export function useDataSaver(store: AppStore = appStore): boolean {
  return useAtomValue(dataSaverAtom, { store });
}

/** Turns the data saver on or off (remembered on the device). */
export const setDataSaver = (on: boolean, store: AppStore = appStore) => store.set(dataSaverAtom, on);
