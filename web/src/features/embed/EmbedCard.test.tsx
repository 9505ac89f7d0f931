import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { EmbedView, PublicQuestionDetail } from '@mzansi/api';
import { EmbedCard } from './EmbedCard';

const question: PublicQuestionDetail = {
  id: '7d1c0a52-9a0e-4b8e-8d0e-1f2a3b4c5d6e',
  url: 'https://mzansipredicts.example/q/7d1c0a52-9a0e-4b8e-8d0e-1f2a3b4c5d6e',
  lang: 'en',
  text: 'Will the rand strengthen this week',
  context: 'It closed at R18.20 on Friday.',
  resolutionCriteria: 'Resolves YES if the rand closes below R18 on Friday.',
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  tags: [],
  status: 'open',
  publishedAt: '2026-12-01T11:00:00.000Z',
  closesAt: null,
  isBlind: false,
  correctOptionId: null,
  resolution: null,
  resultsHidden: false,
  totalVotes: 4,
  results: [
    { optionId: 'yes', votes: 3, percentage: 75 },
    { optionId: 'no', votes: 1, percentage: 25 },
  ],
  provinces: null,
  history: [],
};
const view = (over: Partial<PublicQuestionDetail> = {}, rest: Partial<EmbedView> = {}): EmbedView => ({
  lang: 'en',
  question: { ...question, ...over },
  answeredOptionId: null,
  theme: 'light',
  origin: 'https://mzansipredicts.example',
  ...rest,
});

afterEach(cleanup);

const point = (at: string, yes: number, withFigures = true) => ({
  at,
  totalVotes: 4,
  results: withFigures ? [{ optionId: 'yes', votes: yes, percentage: yes * 25 }, { optionId: 'no', votes: 4 - yes, percentage: (4 - yes) * 25 }] : [],
});

test('an open question: its text, context and criteria, YES/NO (turned on by the script), results, sparkline and the link', () => {
  render(<EmbedCard view={view({ history: [point('2026-12-01T11:00:00.000Z', 2), point('2026-12-01T12:00:00.000Z', 3)] })} />);
  expect(screen.getByRole('img', { name: /Yes: 50% → 75%/ })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Will the rand strengthen this week?');
  expect(screen.getByText('It closed at R18.20 on Friday.')).toBeTruthy();
  expect(screen.getByText(/Resolves YES if the rand closes below R18/)).toBeTruthy();
  // Hidden until the script knows a popup can hand back its token (a strict sandbox keeps the link instead).
  const group = document.querySelector<HTMLElement>('[data-embed-options]')!;
  expect(group.hidden).toBe(true);
  expect(within(group).getAllByRole('button', { hidden: true }).map((b) => b.textContent)).toEqual(['YES', 'NO']);
  const bars = screen.getByRole('list', { name: 'National results' });
  expect(within(bars).getByText('75%')).toBeTruthy();
  expect(screen.getByText('4 predictions so far')).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Answer on Mzansi Predicts' });
  expect(link.getAttribute('href')).toBe(`https://mzansipredicts.example/q/${question.id}`);
  expect(link.getAttribute('target')).toBe('_blank');
});

test('an open blind question: the total only, no figure anywhere', () => {
  render(<EmbedCard view={view({ isBlind: true, resultsHidden: true, results: [] })} />);
  expect(screen.getByText('The results show once you have made your prediction.')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'National results' })).toBeNull();
  expect(document.body.textContent).not.toMatch(/\d+%/);
});

test("the reader's answer (with their token): no buttons, their pick, the results, a link to see more", () => {
  // A blind question's history carries totals only: no line is drawn from it.
  render(<EmbedCard view={view({ isBlind: true, history: [point('2026-12-01T11:00:00.000Z', 0, false), point('2026-12-01T12:00:00.000Z', 0, false)] }, { answeredOptionId: 'no' })} />);
  expect(document.querySelector('.sparkline')).toBeNull();
  expect(screen.getByText('You predicted NO')).toBeTruthy();
  expect(document.querySelector('[data-embed-options]')).toBeNull();
  expect(document.querySelector('[data-embed]')?.getAttribute('data-answered')).toBe('no');
  expect(screen.getByRole('link', { name: 'See it on Mzansi Predicts' })).toBeTruthy();
});

test('a resolved question: the correct answer marked and its source linked; the dark theme', () => {
  render(
    <EmbedCard
      view={view(
        { status: 'resolved', correctOptionId: 'yes', resolution: { source: { url: 'https://www.resbank.co.za/rates', title: 'SARB rates' }, note: null, resolvedAt: '2026-12-05T15:00:00.000Z', correctedAt: null } },
        { theme: 'dark' },
      )}
    />,
  );
  expect(document.querySelector('.embed')?.classList.contains('embed--dark')).toBe(true);
  expect(document.querySelector('[data-embed-options]')).toBeNull();
  expect(within(screen.getByRole('list', { name: 'National results' })).getByText(/Correct/)).toBeTruthy();
  expect(screen.getByRole('link', { name: /SARB rates/ }).getAttribute('rel')).toBe('nofollow ugc noopener');
});
