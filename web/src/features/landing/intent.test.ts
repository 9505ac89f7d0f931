import { memoryStorage } from '../../lib/storage';
import { expect, test } from 'vitest';
import { INTENT_TTL_MS, clearIntent, intentFor, readIntent, saveIntent } from './intent';


test('a YES tapped on the landing page is remembered for that question only, then cleared', () => {
  const store = memoryStorage();
  saveIntent('q1', 'yes', 1_000, store);
  expect(readIntent(2_000, store)).toEqual({ questionId: 'q1', optionId: 'yes', at: 1_000 });
  expect(intentFor('q1', 2_000, store)).toBe('yes');
  expect(intentFor('q2', 2_000, store)).toBeNull();
  clearIntent(store);
  expect(intentFor('q1', 2_000, store)).toBeNull();
});

test('is forgotten after a day, and garbage is ignored', () => {
  const store = memoryStorage();
  saveIntent('q1', 'no', 0, store);
  expect(intentFor('q1', INTENT_TTL_MS, store)).toBe('no');
  expect(intentFor('q1', INTENT_TTL_MS + 1, store)).toBeNull();
  store.setItem('mzansi.intent', '{"questionId":1}');
  expect(readIntent(0, store)).toBeNull();
  store.setItem('mzansi.intent', 'not json');
  expect(readIntent(0, store)).toBeNull();
});
