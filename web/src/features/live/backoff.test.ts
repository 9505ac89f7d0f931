import { expect, test } from 'vitest';
import { LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MS, LIVE_REFUSED_RECONNECT_MS, RECONNECT_JITTER, reconnectDelay } from './backoff';

test('the wait doubles with each failure up to the ceiling, jittered by up to half again', () => {
  const at = (r: number) => [0, 1, 2, 3, 4, 5, 6].map((f) => reconnectDelay(f, 1006, () => r));
  expect(at(0)).toEqual([1, 2, 4, 8, 16, 30, 30].map((s) => Math.min(s * LIVE_RECONNECT_MS, LIVE_RECONNECT_MAX_MS)));
  expect(at(1)).toEqual(at(0).map((ms) => ms * (1 + RECONNECT_JITTER)));
  // A page dropped at the same moment as thousands of others: spread over the jitter window, not all at once.
  const first = Array.from({ length: 1000 }, () => reconnectDelay(0, 1006, Math.random));
  expect(Math.min(...first)).toBeGreaterThanOrEqual(LIVE_RECONNECT_MS);
  expect(Math.max(...first)).toBeLessThanOrEqual(LIVE_RECONNECT_MS * (1 + RECONNECT_JITTER));
  expect(new Set(first.map((ms) => Math.floor(ms / 50))).size).toBeGreaterThan(8);
});

test('a refusal (1008 too many from this address, 1013 busy) waits the long delay, whatever the failures', () => {
  for (const code of [1008, 1013]) {
    expect(reconnectDelay(0, code, () => 0)).toBe(LIVE_REFUSED_RECONNECT_MS);
    expect(reconnectDelay(5, code, () => 0)).toBe(LIVE_REFUSED_RECONNECT_MS);
  }
  expect(reconnectDelay(0, 1012, () => 0)).toBe(LIVE_RECONNECT_MS);
  expect(reconnectDelay(0, undefined, () => 0)).toBe(LIVE_RECONNECT_MS);
});
