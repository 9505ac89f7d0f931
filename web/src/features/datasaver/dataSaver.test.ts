import { expect, test, vi } from 'vitest';
import { createAppStore } from '../../lib/appStore';
import { browserSavesData, createDataSaverAtom, DATA_SAVER_KEY } from './dataSaver';

/** The setting as a fresh app would start it (a later visit: a new store, a new atom read from storage). */
const visit = (store: Storage, browserDefault: () => boolean) => {
  const app = createAppStore();
  const setting = createDataSaverAtom(store, browserDefault);
  return { on: () => app.get(setting), set: (on: boolean) => app.set(setting, on), subscribe: (l: () => void) => app.sub(setting, l) };
};

const nav = (saveData?: boolean) => ({ connection: saveData === undefined ? undefined : { saveData } }) as unknown as Navigator;

test('the browser asks to save data through the Network Information API or the gateway-set save-data cookie', () => {
  expect(browserSavesData(nav(true), '')).toBe(true);
  expect(browserSavesData(nav(false), 'a=1; save-data=on')).toBe(true);
  expect(browserSavesData(nav(false), 'save-data=on; b=2')).toBe(true);
  expect(browserSavesData(nav(), '')).toBe(false);
  expect(browserSavesData(nav(false), 'xsave-data=on; save-data=onx')).toBe(false);
  expect(browserSavesData(undefined, '')).toBe(false);
});

test("on by default when the browser asks; the user's choice is kept on the device and wins", () => {
  const store = window.localStorage;
  store.removeItem(DATA_SAVER_KEY);
  const asked = visit(store, () => true);
  expect(asked.on()).toBe(true);
  const listener = vi.fn();
  asked.subscribe(listener);
  asked.set(false);
  expect([asked.on(), listener.mock.calls.length, store.getItem(DATA_SAVER_KEY)]).toEqual([false, 1, 'off']);
  // A later visit: the stored choice, whatever the browser says.
  expect(visit(store, () => true).on()).toBe(false);
  asked.set(true);
  expect(visit(store, () => false).on()).toBe(true);
  store.removeItem(DATA_SAVER_KEY);
  expect(visit(store, () => false).on()).toBe(false);
});
