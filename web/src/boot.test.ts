import { afterEach, expect, test, vi } from 'vitest';
import { PAINT_WAIT_MAX_MS, startAfterFirstPaint } from './boot';

type Listener = (list: { getEntriesByName: (name: string) => unknown[] }) => void;
let observers: { listener: Listener; disconnected: boolean }[] = [];

/** A PerformanceObserver that reports what the test paints. */
class FakeObserver {
  static supportedEntryTypes = ['paint'];
  entry: { listener: Listener; disconnected: boolean };
  constructor(listener: Listener) {
    this.entry = { listener, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}
const paint = (name: string) => {
  for (const o of observers) if (!o.disconnected) o.listener({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
};

function page(markup: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `<div id="root">${markup}</div>`;
  return doc;
}

afterEach(() => {
  observers = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('a server-rendered page: the app starts once its first text is on screen, not at the first (blank) paint', () => {
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const start = vi.fn();
  startAfterFirstPaint(start, page('<main><h1>Today</h1></main>'));
  expect(start).not.toHaveBeenCalled();
  paint('first-paint');
  expect(start).not.toHaveBeenCalled();
  paint('first-contentful-paint');
  paint('first-contentful-paint');
  expect(start).toHaveBeenCalledTimes(1);
});

test('an empty root (a page the app renders itself): the app starts at once', () => {
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const start = vi.fn();
  startAfterFirstPaint(start, page(''));
  expect(start).toHaveBeenCalledTimes(1);
  expect(observers).toEqual([]);
});

test('a paint never reported: the app starts after at most PAINT_WAIT_MAX_MS, once', () => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const start = vi.fn();
  startAfterFirstPaint(start, page('<h1>Today</h1>'));
  vi.advanceTimersByTime(PAINT_WAIT_MAX_MS - 1);
  expect(start).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(start).toHaveBeenCalledTimes(1);
  paint('first-contentful-paint');
  expect(start).toHaveBeenCalledTimes(1);
});

test('no paint entries in this browser: after the next frame is out', () => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', undefined);
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  const start = vi.fn();
  startAfterFirstPaint(start, page('<h1>Today</h1>'));
  frames.shift()!();
  frames.shift()!();
  expect(start).not.toHaveBeenCalled();
  vi.advanceTimersByTime(0);
  expect(start).toHaveBeenCalledTimes(1);
});
