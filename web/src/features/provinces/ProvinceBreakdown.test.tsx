import { expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ProvinceBreakdown } from './ProvinceBreakdown';
import type { ProvinceResult } from './provinces';

const options = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

test('a shown province shows its split; a withheld one (no number at all) says "Not enough predictions yet"', () => {
  const provinces: ProvinceResult[] = [
    { code: 'GP', name: 'Gauteng', totalVotes: 30, shown: true, results: [{ optionId: 'yes', votes: 20, percentage: 66.7 }, { optionId: 'no', votes: 10, percentage: 33.3 }] },
    { code: 'LP', name: 'Limpopo', totalVotes: null, shown: false, results: [] },
    { code: 'WC', name: 'Western Cape', totalVotes: null, shown: false, results: [] },
  ];
  render(<ProvinceBreakdown provinces={provinces} options={options} />);
  const rows = within(screen.getByRole('region', { name: 'By province' })).getAllByRole('listitem');
  expect(rows[0]!.textContent).toContain('Gauteng');
  expect(rows[0]!.textContent).toContain('Yes 67% · No 33% · 30');
  expect(screen.getByRole('img', { name: 'Gauteng: Yes 67%' })).toBeTruthy();
  expect(rows[1]!.textContent).toBe('LimpopoNot enough predictions yet');
  expect(rows[2]!.textContent).toBe('Western CapeNot enough predictions yet');
});

test('nothing while the results are hidden (null)', () => {
  const { container } = render(<ProvinceBreakdown provinces={null} options={options} />);
  expect(container.textContent).toBe('');
});
