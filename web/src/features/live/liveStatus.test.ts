import { afterEach, expect, test } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createAppStore } from '../../lib/appStore';
import { POLL_JITTER, liveConnectedAtom, livePollInterval, useLivePollInterval } from './liveStatus';

const status = createAppStore();
afterEach(() => status.set(liveConnectedAtom, false));

test('no polling while connected; otherwise the period spread ±25 %', () => {
  expect(POLL_JITTER).toBe(0.25);
  expect(livePollInterval(60_000, true, 0.5)).toBe(false);
  expect(livePollInterval(60_000, false, 0)).toBe(45_000);
  expect(livePollInterval(60_000, false, 0.5)).toBe(60_000);
  expect(livePollInterval(60_000, false, 0.999_999)).toBe(75_000);
});

test('the hook: one jitter per mounted query (re-renders keep the period), following the status', () => {
  const hook = renderHook(() => useLivePollInterval(5_000, status));
  const first = hook.result.current;
  expect(first).toBeGreaterThanOrEqual(3_750);
  expect(first).toBeLessThanOrEqual(6_250);
  hook.rerender();
  hook.rerender();
  expect(hook.result.current).toBe(first);
  act(() => status.set(liveConnectedAtom, true));
  expect(hook.result.current).toBe(false);
  act(() => status.set(liveConnectedAtom, false));
  expect(hook.result.current).toBe(first);
});
