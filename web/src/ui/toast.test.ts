import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TOAST_REMOVE_DELAY, dispatch, getToastState, resetToasts, toast, toastError, toastReducer } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

test('at most one toast; the newest wins', () => {
  toast({ title: 'one' });
  toast({ title: 'two' });
  const { toasts } = getToastState();
  expect(toasts).toHaveLength(1);
  expect(toasts[0]).toMatchObject({ title: 'two', open: true });
});

test('update changes a toast in place', () => {
  const t = toast({ title: 'Saving' });
  t.update({ title: 'Saved' });
  expect(getToastState().toasts[0]).toMatchObject({ id: t.id, title: 'Saved' });
});

test('dismiss closes, removal follows 1,000,000 ms later', () => {
  const t = toast({ title: 'bye' });
  t.dismiss();
  expect(getToastState().toasts[0]).toMatchObject({ id: t.id, open: false });
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
  expect(getToastState().toasts).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(getToastState().toasts).toHaveLength(0);
  expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
});

test('dismiss all and remove', () => {
  toast({ title: 'x' });
  dispatch({ type: 'DISMISS_TOAST' });
  expect(getToastState().toasts.every((t) => !t.open)).toBe(true);
  dispatch({ type: 'REMOVE_TOAST' });
  expect(getToastState().toasts).toHaveLength(0);
});

test("toastError is destructive with title 'Error' by default", () => {
  toastError('Failed to copy');
  expect(getToastState().toasts[0]).toMatchObject({ variant: 'destructive', title: 'Error', description: 'Failed to copy' });
  toastError('Invalid username or password', 'Login Failed');
  expect(getToastState().toasts[0]).toMatchObject({ title: 'Login Failed' });
});

test('reducer is pure', () => {
  const state = { toasts: [] };
  const next = toastReducer(state, { type: 'ADD_TOAST', toast: { id: '1', open: true } });
  expect(state.toasts).toHaveLength(0);
  expect(next.toasts).toHaveLength(1);
});
