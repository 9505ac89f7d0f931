import { beforeEach, describe, expect, test, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { makeQuestion } from '../../test/fixtures';
import { ADMIN_QUESTIONS_KEY } from '../admin/api';
import { FRIENDS_FEED_KEY } from '../friends/api';
import { PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY } from '../../entities/question/list';
import type { Question } from '../../entities/question/types';
import { readList } from '../../lib/api';
import { optionResults } from '../../entities/question/results';
import { publicResultsKey, resultsKey, type PublicResults, type Results } from '../results/api';
import { tagKey } from '../research/api';
import { applyLiveResults, patchQuestionList, type LiveResults } from './liveResults';

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
});

/** q1 moves from 2 Yes / 1 No (the fixtures' figures) to 2 Yes / 2 No. */
const update: LiveResults = {
  questionId: 'q1',
  totalVotes: 4,
  results: [
    { optionId: 'yes', votes: 2, percentage: 50 },
    { optionId: 'no', votes: 2, percentage: 50 },
  ],
};

const q1 = makeQuestion({ id: 'q1' });
const q2 = makeQuestion({ id: 'q2', text: 'Will petrol drop below R20' });

test('public results: the rows and the total are replaced', () => {
  client.setQueryData(publicResultsKey('q1'), {
    results: [
      { optionId: 'yes', percentage: 66.7, votes: 2 },
      { optionId: 'no', percentage: 33.3, votes: 1 },
    ],
    totalVotes: 3,
  });
  applyLiveResults(client, update);
  expect(client.getQueryData<PublicResults>(publicResultsKey('q1'))).toEqual({
    results: [
      { optionId: 'yes', percentage: 50, votes: 2 },
      { optionId: 'no', percentage: 50, votes: 2 },
    ],
    totalVotes: 4,
  });
});

test("the signed-in results: figures replaced, option texts, friends and the user's answer kept", () => {
  client.setQueryData(resultsKey('q1'), {
    results: [
      { optionId: 'yes', optionText: 'Yebo', percentage: 66.7, votes: 2 },
      { optionId: 'no', optionText: 'Cha', percentage: 33.3, votes: 1 },
    ],
    totalVotes: 3,
    friendAnswers: [{ friendId: 'f1', friendName: 'Thandi', optionText: 'Yebo' }],
    userAnswer: { optionId: 'yes' },
  });
  applyLiveResults(client, update);
  expect(client.getQueryData<Results>(resultsKey('q1'))).toEqual({
    results: [
      { optionId: 'yes', optionText: 'Yebo', percentage: 50, votes: 2 },
      { optionId: 'no', optionText: 'Cha', percentage: 50, votes: 2 },
    ],
    totalVotes: 4,
    friendAnswers: [{ friendId: 'f1', friendName: 'Thandi', optionText: 'Yebo' }],
    userAnswer: { optionId: 'yes' },
  });
});

test('the option texts the newer gateways send win over the cached ones', () => {
  client.setQueryData(resultsKey('q1'), { results: [{ optionId: 'yes', optionText: 'yes', percentage: 100, votes: 1 }], totalVotes: 1 });
  applyLiveResults(client, {
    questionId: 'q1',
    totalVotes: 2,
    results: [
      { optionId: 'yes', optionText: 'Yes', votes: 1, percentage: 50 },
      { optionId: 'no', optionText: 'No', votes: 1, percentage: 50 },
    ],
  });
  expect(client.getQueryData<Results>(resultsKey('q1'))!.results.map((r) => r.optionText)).toEqual(['Yes', 'No']);
});

test("every cached list showing the question: today's, public, admin, a tag's questions and the friends feed", () => {
  const feed = { friendCount: 1, questions: [{ ...q1, friendAnswers: [], friendComments: [], friendCommentCount: 0 }] };
  client.setQueryData(TODAY_QUESTIONS_KEY, [q1, q2]);
  client.setQueryData(PUBLIC_QUESTIONS_KEY, [q2, q1]);
  client.setQueryData(ADMIN_QUESTIONS_KEY, [q1]);
  client.setQueryData(tagKey('economy', 'questions'), [q1]);
  client.setQueryData(FRIENDS_FEED_KEY, feed);
  applyLiveResults(client, update);

  for (const key of [TODAY_QUESTIONS_KEY, PUBLIC_QUESTIONS_KEY, ADMIN_QUESTIONS_KEY, tagKey('economy', 'questions')]) {
    const list = readList<Question>(client.getQueryData(key));
    const patched = list.find((q) => q.id === 'q1')!;
    expect(patched.totalVotes).toBe(4);
    expect(patched.results).toEqual([
      { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 50 },
      { optionId: 'no', optionText: 'No', votes: 2, percentage: 50 },
    ]);
    expect(optionResults(patched).map((r) => r.percentage)).toEqual([50, 50]);
    // The other questions are the same objects (nothing else re-renders).
    for (const other of list.filter((q) => q.id !== 'q1')) expect(other).toBe(q2);
  }
  const feedAfter = client.getQueryData<typeof feed>(FRIENDS_FEED_KEY)!;
  expect(feedAfter.friendCount).toBe(1);
  expect(feedAfter.questions[0]).toMatchObject({ id: 'q1', totalVotes: 4, friendCommentCount: 0 });
  expect(feedAfter.questions[0]!.results.map((r) => r.votes)).toEqual([2, 2]);
});

test('a list row without the option text takes it from the question’s options', () => {
  const bare = makeQuestion({ id: 'q1', results: [], totalVotes: 0 });
  expect(patchQuestionList([bare], update)).toEqual([
    {
      ...bare,
      results: [
        { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 50 },
        { optionId: 'no', optionText: 'No', votes: 2, percentage: 50 },
      ],
      totalVotes: 4,
    },
  ]);
});

test('entries not cached are not created; unrelated data is left alone', () => {
  client.setQueryData(['/api/users', 'u1', 'history'], [{ id: 'q1', questionText: 'x' }]);
  client.setQueryData(['/api/comments/public'], { q1: [] });
  const before = client.getQueryCache().getAll().map((q) => q.state.data);
  applyLiveResults(client, update);
  expect(client.getQueryData(publicResultsKey('q1'))).toBeUndefined();
  expect(client.getQueryData(resultsKey('q1'))).toBeUndefined();
  expect(client.getQueryCache().getAll().map((q) => q.state.data)).toEqual(before);
  expect(client.getQueryCache().getAll()).toHaveLength(2);
});

test('a message older than the cache (fewer votes, e.g. crossing a refetch after a vote) is not applied', () => {
  const newer = { results: [{ optionId: 'yes', percentage: 100, votes: 5 }], totalVotes: 5 };
  client.setQueryData(publicResultsKey('q1'), newer);
  client.setQueryData(TODAY_QUESTIONS_KEY, [makeQuestion({ id: 'q1', totalVotes: 5 })]);
  const today = client.getQueryData(TODAY_QUESTIONS_KEY);
  applyLiveResults(client, update);
  expect(client.getQueryData(publicResultsKey('q1'))).toBe(newer);
  expect(client.getQueryData(TODAY_QUESTIONS_KEY)).toBe(today);
});

test('a message without rows changes nothing', () => {
  const data = { results: [{ optionId: 'yes', percentage: 100, votes: 1 }], totalVotes: 1 };
  client.setQueryData(publicResultsKey('q1'), data);
  applyLiveResults(client, { questionId: 'q1', totalVotes: 9, results: [] });
  expect(client.getQueryData(publicResultsKey('q1'))).toBe(data);
});

test('observers see one notification per message, and no fetch starts', async () => {
  const queryFn = vi.fn(async () => ({ results: [], totalVotes: 0 }));
  client.setQueryData(publicResultsKey('q1'), { results: [{ optionId: 'yes', percentage: 100, votes: 3 }], totalVotes: 3 });
  client.setQueryData(TODAY_QUESTIONS_KEY, [q1]);
  const seen: number[] = [];
  const observer = new QueryObserver<PublicResults>(client, { queryKey: publicResultsKey('q1'), queryFn });
  const unsubscribe = observer.subscribe((result) => seen.push(result.data!.totalVotes));
  try {
    applyLiveResults(client, update);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([4]);
    expect(queryFn).not.toHaveBeenCalled();
  } finally {
    unsubscribe();
  }
});

describe('a blind question (only the total arrives)', () => {
  const blind: LiveResults = { questionId: 'q1', totalVotes: 5, results: [], blind: true };

  test('the hidden public figures and the lists get the new total and still no per-option figures', () => {
    client.setQueryData(publicResultsKey('q1'), { results: [], totalVotes: 3, isBlind: true, resultsHidden: true });
    client.setQueryData(PUBLIC_QUESTIONS_KEY, [{ ...q1, isBlind: true, resultsHidden: true, results: [], totalVotes: 3 }, q2]);
    applyLiveResults(client, blind);
    expect(client.getQueryData(publicResultsKey('q1'))).toEqual({ results: [], totalVotes: 5, isBlind: true, resultsHidden: true });
    const [listed, other] = client.getQueryData(PUBLIC_QUESTIONS_KEY) as (typeof q1)[];
    expect(listed).toMatchObject({ results: [], totalVotes: 5, resultsHidden: true });
    expect(other).toEqual(q2);
  });

  test('a reader who answered (revealed results) reads them again through the API; one who did not only gets the total', async () => {
    const refetch = vi.fn(async () => ({ results: [], totalVotes: 5, resultsHidden: false }));
    client.setQueryData(resultsKey('q1'), { results: [{ optionId: 'yes', votes: 3 }], totalVotes: 3, resultsHidden: false });
    const observer = new QueryObserver(client, { queryKey: resultsKey('q1'), queryFn: refetch });
    const unsubscribe = observer.subscribe(() => undefined);
    applyLiveResults(client, blind);
    await vi.waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
    unsubscribe();

    client.setQueryData(resultsKey('q2'), { results: [], totalVotes: 1, resultsHidden: true, userAnswer: null });
    applyLiveResults(client, { ...blind, questionId: 'q2' });
    expect(client.getQueryData(resultsKey('q2'))).toMatchObject({ results: [], totalVotes: 5, resultsHidden: true });
  });
});
