import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToasts } from '../../ui/toast';
import { json, makeQuestion, stubFetch, type Handler } from '../../test/fixtures';
import { renderSignedIn } from '../vote/testing';
import { liveConnectedAtom } from '../live/liveStatus';
import { appStore } from '../../lib/appStore';
import { ResultsPanel } from './ResultsPanel';

const q = makeQuestion({ id: 'q1', text: 'Will the Springboks win the next test', publishedAt: '2025-11-22T06:00:00.000Z' });

const results = {
  results: [
    { optionId: 'yes', optionText: 'Yes', percentage: 60, votes: 1203 },
    { optionId: 'no', optionText: 'No', percentage: 40, votes: 802 },
  ],
  totalVotes: 2005,
  friendAnswers: [{ friendId: 'f1', friendName: 'Sipho Dlamini', optionText: 'No' }],
  userAnswer: { optionId: 'yes', confidence: 80 },
};
const board = (friendsRank: number | null, friendCount: number, rankReason: string | null = null) => ({
  scope: 'friends',
  monthStart: '2025-10-31T22:00:00.000Z',
  summary: { players: 10, questionsResolved: 3, yourAccuracy: 75 },
  you: { userId: 'u1', nationalRank: rankReason ? null : 12, friendsRank, rankReason, accuracy: 75, correct: 3, resolved: 4, totalAnswers: 6, streak: 2 },
  friendCount,
  entries: [],
});

let fetch: ReturnType<typeof stubFetch>;
const routes =
  (extra: Record<string, () => Response> = {}): Handler =>
  (url) => {
    if (extra[url]) return extra[url]();
    if (url === '/api/questions/q1/results?userId=u1') return json(200, results);
    if (url === '/api/questions/q1/public-results') return json(500, { message: 'down' });
    if (url === '/api/questions/q1/friend-answers?userId=u1')
      return json(200, { friendAnswers: [{ userId: 'f1', name: 'Sipho Dlamini', username: 'sipho_d', optionText: 'No' }] });
    if (url === '/api/users/u1/stats') return json(200, { totalAnswers: 6, accuracy: 75, nationalRank: 12, streak: 2, rankReason: null, stats: { nationalRank: 12, accuracy: 75 } });
    if (url === '/api/leaderboard?scope=friends') return json(200, board(2, 1));
    if (url === '/api/questions/q1/comments') return json(200, []);
    return json(404, { message: 'Not found' });
  };

beforeEach(() => {
  resetToasts();
  fetch = stubFetch(routes());
});
afterEach(() => vi.unstubAllGlobals());

test('day, question, national results with bars and total, friends with initials, real rankings, result share', async () => {
  const onInvite = vi.fn();
  renderSignedIn(<ResultsPanel question={q} onInviteFriends={onInvite} />);
  expect(screen.getByText('Day 631 Results')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Will the Springboks win the next test?' })).toBeTruthy();
  expect(screen.getByText('Your answer submitted')).toBeTruthy();
  // The confidence chosen with the answer is shown back.
  expect(await screen.findByText('80% sure')).toBeTruthy();

  const national = await screen.findByRole('list', { name: 'National results' });
  expect(within(national).getByText('60%')).toBeTruthy();
  expect(within(national).getByText('40%')).toBeTruthy();
  expect(within(national).getByText(/^1\s203 votes$/)).toBeTruthy();
  const bars = within(national).getAllByRole('progressbar');
  expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['60', '40']);
  expect((bars[0]!.firstElementChild as HTMLElement).style.width).toBe('60%');
  expect(screen.getByText(/South Africans voted$/).textContent).toBe(`${(2005).toLocaleString('en-ZA')} South Africans voted`);

  const friends = await screen.findByRole('list', { name: "Friends' answers" });
  expect(within(friends).getByText('SD')).toBeTruthy();
  expect(within(friends).getByText('Sipho Dlamini')).toBeTruthy();
  expect(within(friends).getByText('No')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Invite more friends' }));
  expect(onInvite).toHaveBeenCalledTimes(1);

  expect(await screen.findByText('#12')).toBeTruthy();
  expect(await screen.findByText('#2')).toBeTruthy();
  expect(screen.getByText('75% accuracy this month')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Share Your Result' }));
  const dialog = screen.getByRole('dialog', { name: 'Share Your Result' });
  expect(
    within(dialog).getByText(
      'I predicted Will the Springboks win the next test would be YES! YES 60% NO 40% 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote',
    ),
  ).toBeTruthy();
});

test('friend answers and public results are polled every 5 s (± 25 %) while the live channel is down, not while open', async () => {
  const { client } = renderSignedIn(<ResultsPanel question={q} onInviteFriends={() => undefined} />);
  await screen.findByRole('list', { name: "Friends' answers" });
  const cache = client.getQueryCache();
  const interval = (key: unknown[]) => cache.find({ queryKey: key })!.observers[0]!.options.refetchInterval;
  const friends = ['/api/questions/q1/friend-answers?userId=u1'];
  const live = ['/api/questions', 'q1', 'public-results'];
  for (const key of [friends, live]) {
    expect(interval(key)).toBeGreaterThanOrEqual(3_750);
    expect(interval(key)).toBeLessThanOrEqual(6_250);
  }
  expect(cache.find({ queryKey: ['/api/questions', 'q1', 'results'] })).toBeTruthy();
  try {
    act(() => appStore.set(liveConnectedAtom, true));
    expect(interval(friends)).toBe(false);
    expect(interval(live)).toBe(false);
  } finally {
    act(() => appStore.set(liveConnectedAtom, false));
  }
});

test('newer public results (live) replace the first figures; once resolved against me, ❌ (not before)', async () => {
  fetch.setHandler(
    routes({
      '/api/questions/q1/public-results': () =>
        json(200, { results: [{ optionId: 'yes', percentage: 25, votes: 502 }, { optionId: 'no', percentage: 75, votes: 1507 }], totalVotes: 2009 }),
    }),
  );
  const resolved = { ...q, isResolved: true, correctOptionId: 'no' };
  renderSignedIn(<ResultsPanel question={resolved} onInviteFriends={() => undefined} />);
  // Counts only grow: the figures with more votes (2,009 against the first 2,005) are the newer ones.
  await waitFor(() => expect(screen.getByText(/^2\s009 South Africans voted$/)).toBeTruthy());
  expect(screen.getByText('75%')).toBeTruthy();
  // The cards below the national one come in a deferred render, just after it.
  fireEvent.click(await screen.findByRole('button', { name: 'Share Your Result' }));
  expect(within(screen.getByRole('dialog')).getByText(/YES 25% NO 75% ❌/)).toBeTruthy();
});

test('no friends: empty state with Invite Friends, Among Friends is a dash', async () => {
  const onInvite = vi.fn();
  fetch.setHandler(
    routes({
      '/api/questions/q1/results?userId=u1': () => json(200, { ...results, friendAnswers: [] }),
      '/api/questions/q1/friend-answers?userId=u1': () => json(200, { friendAnswers: [] }),
      '/api/leaderboard?scope=friends': () => json(200, board(null, 0)),
    }),
  );
  renderSignedIn(<ResultsPanel question={q} onInviteFriends={onInvite} />);
  expect(await screen.findByText('No friends have answered yet')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Invite Friends' }));
  expect(onInvite).toHaveBeenCalledTimes(1);
  const tile = screen.getByText('Among Friends').parentElement!;
  await waitFor(() => expect(within(tile).getByText('—')).toBeTruthy());
});

test('a newcomer (nothing resolved this month) sees "—" and the reason the API gives, not a rank or 0% accuracy', async () => {
  fetch.setHandler(
    routes({
      '/api/users/u1/stats': () =>
        json(200, { totalAnswers: 1, accuracy: 0, nationalRank: 0, streak: 1, resolvedThisMonth: 0, rankReason: 'noResolvedThisMonth', stats: { nationalRank: 0, accuracy: 0 } }),
      '/api/leaderboard?scope=friends': () => json(200, board(null, 1, 'noResolvedThisMonth')),
    }),
  );
  renderSignedIn(<ResultsPanel question={q} onInviteFriends={() => undefined} />);
  expect(await screen.findByText('No resolved predictions yet this month')).toBeTruthy();
  const national = screen.getByText('National Rank').parentElement!;
  const friends = screen.getByText('Among Friends').parentElement!;
  await waitFor(() => expect(within(national).getByText('—')).toBeTruthy());
  await waitFor(() => expect(within(friends).getByText('—')).toBeTruthy());
  expect(screen.queryByText(/#13/)).toBeNull();
  expect(screen.queryByText(/accuracy this month/)).toBeNull();
});

test("'Failed to fetch results' when the results call is not ok", async () => {
  fetch.setHandler(routes({ '/api/questions/q1/results?userId=u1': () => json(403, { message: 'Forbidden' }) }));
  renderSignedIn(<ResultsPanel question={q} onInviteFriends={() => undefined} />);
  expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch results');
});

test('the cards below the national results load their data only when the reader scrolls to them', async () => {
  const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    },
  );
  renderSignedIn(<ResultsPanel question={q} onInviteFriends={() => undefined} />);
  expect(await screen.findByRole('list', { name: 'National results' })).toBeTruthy();
  const below = /friend-answers|\/stats$|\/leaderboard|\/comments(\?|$)/;
  expect(fetch.mock.mock.calls.map(([u]) => String(u)).filter((u) => below.test(u))).toEqual([]);
  expect(screen.queryByText('Your Friends')).toBeNull();

  // The mark under the national card comes on screen.
  const seen = observers.find((o) => o.target?.classList.contains('results__more'))!;
  act(() => seen.callback([{ isIntersecting: true, target: seen.target! } as IntersectionObserverEntry], {} as IntersectionObserver));
  expect(await screen.findByRole('list', { name: "Friends' answers" })).toBeTruthy();
  await waitFor(() => expect(fetch.mock.mock.calls.map(([u]) => String(u)).filter((u) => below.test(u))).toHaveLength(4));
});
