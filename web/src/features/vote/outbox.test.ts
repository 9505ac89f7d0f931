import { memoryStorage } from '../../lib/storage';
import { ApiError } from '../../lib/api';
import { expect, test, vi } from 'vitest';
import { createVoteOutbox, isRetryable, OUTBOX_STORAGE_KEY } from './outbox';


const vote = (questionId: string, optionId = 'yes') => ({ userId: 'u1', questionId, optionId });

test('no connection (fetch threw), 5xx, 408 and 429 are retryable; other 4xx are final', () => {
  expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  expect(isRetryable(new ApiError(503, 'down'))).toBe(true);
  expect(isRetryable(new ApiError(429, 'slow down'))).toBe(true);
  expect(isRetryable(new ApiError(409, 'already answered'))).toBe(false);
  expect(isRetryable(new ApiError(404, 'not found'))).toBe(false);
});

test('queued votes survive a reload (storage) and one per question: the newer choice wins', () => {
  const store = memoryStorage();
  const outbox = createVoteOutbox(store);
  outbox.add(vote('q1', 'yes'));
  outbox.add(vote('q1', 'no'));
  outbox.add(vote('q2'));
  const reloaded = createVoteOutbox(store);
  expect(reloaded.list()).toEqual([vote('q1', 'no'), vote('q2')]);
  expect(reloaded.pendingFor('u1', 'q1')).toEqual(vote('q1', 'no'));
  expect(reloaded.pendingFor('u2', 'q1')).toBeNull();
});

test('flush: sent votes leave the queue; still offline keeps the rest; a final refusal drops the vote', async () => {
  const store = memoryStorage();
  const outbox = createVoteOutbox(store);
  outbox.add(vote('q1'));
  outbox.add(vote('q2'));
  outbox.add(vote('q3'));
  const onSent = vi.fn();
  const onRefused = vi.fn();
  // q1 is sent, then the connection drops: q2 and q3 wait.
  const offlineAfterFirst = vi.fn(async (v: { questionId: string }) => {
    if (v.questionId !== 'q1') throw new TypeError('Failed to fetch');
    return { id: 'a1' };
  });
  await outbox.flush(offlineAfterFirst, { onSent, onRefused });
  expect(onSent).toHaveBeenCalledWith(vote('q1'), { id: 'a1' });
  expect(outbox.list().map((v) => v.questionId)).toEqual(['q2', 'q3']);
  // Back online: q2 is refused for good (the question closed), q3 goes through.
  await outbox.flush(async (v) => {
    if (v.questionId === 'q2') throw new ApiError(409, 'This question is closed');
    return { id: 'a3' };
  }, { onSent, onRefused });
  expect(onRefused).toHaveBeenCalledWith(vote('q2'), expect.any(Error));
  expect(outbox.list()).toEqual([]);
  expect(store.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
});

test('one flush at a time: a second call joins the running one', async () => {
  const outbox = createVoteOutbox(memoryStorage());
  outbox.add(vote('q1'));
  let release: () => void = () => undefined;
  const send = vi.fn(() => new Promise<void>((r) => (release = r)));
  const a = outbox.flush(send);
  const b = outbox.flush(send);
  release();
  await Promise.all([a, b]);
  expect(send).toHaveBeenCalledTimes(1);
});
