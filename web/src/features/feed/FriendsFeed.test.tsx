import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, makeComments, makeQuestion, stubFetch } from '../../test/fixtures';
import { renderSignedIn } from '../friends/testUtils';
import { FeedPage } from './FeedPage';

const q = makeQuestion({ id: 'q7', text: 'Will load shedding return this winter' });
let feed: unknown;

beforeEach(() => {
  feed = { friendCount: 0, questions: [] };
  stubFetch((url) => {
    if (url === '/api/feed/friends') return json(200, feed);
    if (url === '/api/questions/public') return json(200, [q, makeQuestion({ id: 'q8', text: 'Public only question' })]);
    if (url === '/api/comments/public') return json(200, {});
    return json(404, { message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

test('no friends: No Friends Yet pointing to /friends', async () => {
  renderSignedIn(<FeedPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Friends (0)' }));
  expect(await screen.findByText('No Friends Yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Find Friends' }).getAttribute('href')).toBe('/friends');
});

test('friends: only returned questions, Friends badge, predictions, results, 5 comments and +N more', async () => {
  const comments = makeComments('q7', 7);
  feed = {
    friendCount: 2,
    questions: [
      {
        ...q,
        friendAnswers: [
          { userId: 'u2', name: 'Sipho Khumalo', username: 'sipho_k', optionId: 'yes', optionText: 'Yes' },
          { userId: 'u3', name: 'Lerato Dlamini', username: 'lerato', optionId: 'no', optionText: 'No' },
        ],
        friendComments: comments.slice(0, 5),
        friendCommentCount: 7,
      },
    ],
  };
  renderSignedIn(<FeedPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Friends (2)' }));
  const title = await screen.findByRole('heading', { name: 'Will load shedding return this winter?' });
  expect(screen.queryByRole('heading', { name: 'Public only question?' })).toBeNull();
  const card = within(title.closest('.qcard') as HTMLElement);
  expect(card.getByText('Friends')).toBeTruthy();
  expect(card.getByText('Sipho Khumalo')).toBeTruthy();
  expect(card.getByText('@lerato')).toBeTruthy();
  expect(card.getByText('67%')).toBeTruthy();
  expect(card.getByText('Person 5')).toBeTruthy();
  expect(card.queryByText('Person 6')).toBeNull();
  expect(card.getByText('+2 more friend comments')).toBeTruthy();
});
