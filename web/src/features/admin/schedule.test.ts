import { describe, expect, it } from 'vitest';
import { makeQuestion as question } from '../../test/fixtures';
import { isGap, scheduleFormFor, scheduleInstant, scheduleQueue, sastDayStart } from './schedule';

const draft = (id: string, scheduledFor: string | null, extra = {}) =>
  question({ id, isPublished: false, isActive: false, publishedAt: null, scheduledFor, ...extra });

describe('the schedule queue', () => {
  const now = new Date('2026-12-01T09:00:00.000Z'); // Tuesday 1 December, 11:00 SAST

  it('is the next 14 SAST days from today, each starting at 22:00 UTC the evening before', () => {
    const queue = scheduleQueue([], now);
    expect(queue).toHaveLength(14);
    expect(queue[0]).toMatchObject({ key: '2026-12-01', start: new Date('2026-11-30T22:00:00.000Z') });
    expect(queue[13]!.key).toBe('2026-12-14');
    expect(queue.every(isGap)).toBe(true);
    expect(sastDayStart('2026-12-08')).toEqual(new Date('2026-12-07T22:00:00.000Z'));
  });

  it('puts each schedule on its SAST day (22:30 UTC is already the next day) and highlights the gaps', () => {
    const queue = scheduleQueue(
      [
        draft('a', '2026-12-01T13:00:00.000Z'),
        draft('late', '2026-12-01T22:30:00.000Z'), // 00:30 SAST on 2 December
        draft('b', '2026-12-03T11:00:00.000Z'),
        draft('early', '2026-12-03T06:00:00.000Z'),
        draft('past-queue', '2026-12-15T13:00:00.000Z'), // 15 December: beyond the 14 days
        draft('missed', '2026-12-04T13:00:00.000Z', { scheduleMissedAt: '2026-12-05T08:00:00.000Z' }),
        draft('archived', '2026-12-05T13:00:00.000Z', { isArchived: true }),
        draft('unscheduled', null),
      ],
      now,
    );
    const ids = (key: string) => queue.find((d) => d.key === key)!.items.map((i) => i.question.id);
    expect(ids('2026-12-01')).toEqual(['a']);
    expect(ids('2026-12-02')).toEqual(['late']);
    expect(ids('2026-12-03')).toEqual(['early', 'b']);
    expect(queue.filter(isGap).map((d) => d.key)).toEqual([
      '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14',
    ]);
  });

  it('counts a question already published today, so today is not a gap', () => {
    const published = question({ id: 'out', publishedAt: '2026-12-01T06:00:00.000Z' });
    const yesterday = question({ id: 'old', publishedAt: '2026-11-30T21:59:00.000Z' });
    const queue = scheduleQueue([published, yesterday], now);
    expect(queue[0]!.items).toEqual([{ question: published, at: '2026-12-01T06:00:00.000Z', published: true }]);
  });
});

describe('the schedule form', () => {
  it('defaults to 13:00 UTC today, or tomorrow once that has passed; a pending schedule shows its time', () => {
    expect(scheduleFormFor({ scheduledFor: null, scheduleMissedAt: null }, new Date('2026-12-01T09:00:00Z'))).toEqual({ date: '2026-12-01', time: '13:00' });
    expect(scheduleFormFor({ scheduledFor: null, scheduleMissedAt: null }, new Date('2026-12-01T14:00:00Z'))).toEqual({ date: '2026-12-02', time: '13:00' });
    expect(scheduleFormFor({ scheduledFor: '2026-12-09T07:30:00.000Z', scheduleMissedAt: null }, new Date('2026-12-01T09:00:00Z'))).toEqual({ date: '2026-12-09', time: '07:30' });
  });

  it('reads date and time as UTC', () => {
    expect(scheduleInstant({ date: '2026-12-09', time: '13:00' })).toBe('2026-12-09T13:00:00.000Z');
    expect(scheduleInstant({ date: '2026-02-30', time: '13:00' })).toBeNull();
    expect(scheduleInstant({ date: '', time: '13:00' })).toBeNull();
  });
});
