import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeQuestion, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ScheduleQueue } from './ScheduleQueue';
import { ScheduleDialog } from './ScheduleDialog';

afterEach(() => vi.unstubAllGlobals());

const now = new Date('2026-12-01T09:00:00.000Z'); // Tuesday 1 December, 11:00 SAST
const draft = (id: string, text: string, scheduledFor: string | null) =>
  makeQuestion({ id, text, isPublished: false, isActive: false, publishedAt: null, scheduledFor });

test('the queue: 14 SAST days, what publishes on each at its SAST time, each gap called out by its day', () => {
  const questions = [
    draft('a', 'Will the Reserve Bank cut rates', '2026-12-01T13:00:00.000Z'),
    draft('b', 'Will Bafana Bafana qualify', '2026-12-02T22:30:00.000Z'), // 00:30 SAST on Thursday 3 December
    makeQuestion({ id: 'c', text: 'Will it rain in Cape Town', publishedAt: '2026-12-02T06:00:00.000Z' }),
  ];
  renderWithProviders(<ScheduleQueue query={{ isPending: false, isError: false, data: questions }} now={now} />);
  const days = screen.getAllByRole('listitem').filter((li) => li.classList.contains('sched-day'));
  expect(days).toHaveLength(14);
  expect(days[0]!.textContent).toContain('Today, Tuesday, 01 December');
  expect(days[3]!.textContent).toBe('No question scheduled for Friday, 04 December');
  expect(within(days[0]!).getByText('15:00 SAST')).toBeTruthy();
  expect(days[0]!.textContent).toContain('Will the Reserve Bank cut rates?');
  expect(within(days[1]!).getByText('Published')).toBeTruthy();
  expect(within(days[2]!).getByText('00:30 SAST')).toBeTruthy();
  expect(days.slice(0, 3).some((d) => d.classList.contains('sched-day--gap'))).toBe(false);
  const gaps = days.filter((d) => d.classList.contains('sched-day--gap'));
  expect(gaps).toHaveLength(11);

  expect(screen.getByText(/11 days have no question yet/)).toBeTruthy();
});

test('the schedule control: 13:00 UTC by default with its SAST time beside it; Schedule sends that instant', async () => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  const fetch = stubFetch((url, init) =>
    url.endsWith('/schedule') && init?.method === 'PUT' ? json(200, draft('d1', 'x', JSON.parse(String(init.body)).publishAt)) : json(200, []),
  );
  const onClose = vi.fn();
  renderWithProviders(<ScheduleDialog question={draft('d1', 'Will the schedule hold', null)} onClose={onClose} />);
  expect((screen.getByLabelText('Date (UTC)') as HTMLInputElement).value).toBe('2026-12-01');
  expect((screen.getByLabelText('Time (UTC)') as HTMLInputElement).value).toBe('13:00');
  expect(screen.getByText('South African time: 15:00 SAST')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Time (UTC)'), { target: { value: '23:15' } });
  expect(screen.getByText(/South African time: 01:15 SAST, 2 December 2026/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Unschedule' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const [, init] = fetch.mock.mock.calls.find(([u]) => String(u).endsWith('/schedule'))!;
  expect(JSON.parse(String(init!.body))).toEqual({ publishAt: '2026-12-01T23:15:00.000Z' });
  vi.useRealTimers();
});

test('a scheduled draft offers Reschedule and Unschedule; a time in the past is refused before sending', async () => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  const fetch = stubFetch(() => json(200, []));
  renderWithProviders(<ScheduleDialog question={draft('d2', 'Will it be moved', '2026-12-05T13:00:00.000Z')} onClose={() => undefined} />);
  expect((screen.getByLabelText('Date (UTC)') as HTMLInputElement).value).toBe('2026-12-05');
  expect(screen.getByRole('button', { name: 'Unschedule' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Date (UTC)'), { target: { value: '2026-11-30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
  expect((await screen.findByRole('alert')).textContent).toBe('The publish time must be in the future');
  expect(fetch.mock.mock.calls).toHaveLength(0);
  vi.useRealTimers();
});
