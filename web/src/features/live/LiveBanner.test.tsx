import { expect, test } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LiveBanner } from './LiveBanner';
import { liveNewsAtom } from './liveBanner';
import { createAppStore } from '../../lib/appStore';

test('"New question — tap to answer" goes to /vote and goes away; a resolution points to the feed', () => {
  const news = createAppStore();
  render(
    <MemoryRouter initialEntries={['/leaderboard']}>
      <LiveBanner store={news} />
      <Routes>
        <Route path="/vote" element={<p>vote screen</p>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.queryByRole('status')).toBeNull();
  act(() => news.set(liveNewsAtom, { kind: 'new-question', questionId: 'q9' }));
  fireEvent.click(screen.getByRole('link', { name: 'New question — tap to answer' }));
  expect(screen.getByText('vote screen')).toBeTruthy();
  expect(screen.queryByRole('link', { name: /New question/ })).toBeNull();

  act(() => news.set(liveNewsAtom, { kind: 'resolved', questionId: 'q1' }));
  expect(screen.getByRole('link', { name: 'A question was resolved — tap to see the results' }).getAttribute('href')).toBe('/');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('link', { name: /resolved/ })).toBeNull();

  act(() => news.set(liveNewsAtom, { kind: 'corrected', questionId: 'q1' }));
  expect(screen.getByRole('link', { name: 'A resolution was corrected — tap to see the results' }).getAttribute('href')).toBe('/');
});
