import { afterEach, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { makeQuestion } from '../../test/fixtures';
import { ResolutionSource } from './ResolutionSource';

const resolution = { source: { url: 'https://www.elections.org.za/results', title: 'IEC results' }, note: 'Final national count', resolvedAt: '2026-05-29T22:30:00.000Z', correctedAt: null };
const resolved = makeQuestion({ isResolved: true, correctOptionId: 'yes', resolution });

afterEach(() => setLanguage('en', { remember: false }));

test('"Resolved YES — IEC results, 30 May": the source a nofollow ugc noopener link in a new tab, the note under it', () => {
  const { container } = render(<ResolutionSource question={resolved} />);
  expect(container.querySelector('.resolution__line')!.textContent).toBe('Resolved YES — IEC results (opens in a new tab), 30 May');
  const link = screen.getByRole('link', { name: /^IEC results\s*\(opens in a new tab\)$/ });
  expect(link.getAttribute('href')).toBe('https://www.elections.org.za/results');
  expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(screen.getByText('Final national count')).toBeTruthy();
  expect(screen.queryByText(/Corrected on/)).toBeNull();
});

test('a corrected resolution says so; in isiZulu the sentence and the day (as the runtime writes it) are isiZulu', async () => {
  await setLanguage('zu', { remember: false });
  const { container } = render(
    <ResolutionSource question={{ ...resolved, correctOptionId: 'no', resolution: { ...resolution, note: null, correctedAt: '2026-05-30T09:00:00.000Z' } }} />,
  );
  expect(container.querySelector('.resolution__line')!.textContent).toMatch(/^Kuxazululwe NO — IEC results \(ivuleka kuthebhu entsha\), (Meyi 30|30 Meyi)$/);
  expect(container.querySelector('.resolution__corrected')!.textContent).toMatch(/^Kulungiswe ngomhla ka-(Meyi 30|30 Meyi)$/);
});

test('nothing before resolving, nothing made up for a resolution from before sources; an odd address stays text', () => {
  const { container, rerender } = render(<ResolutionSource question={makeQuestion({ resolution: null })} />);
  expect(container.textContent).toBe('');
  rerender(<ResolutionSource question={makeQuestion({ isResolved: true, correctOptionId: 'yes', resolution: null })} />);
  expect(container.textContent).toBe('');
  rerender(<ResolutionSource question={{ ...resolved, resolution: { ...resolution, source: { url: 'javascript:alert(1)', title: 'Bad' } } }} />);
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByText('Bad')).toBeTruthy();
});
