import { describe, expect, it } from 'vitest';
import { DayAnalytics } from '@mzansi/api';
import { sastDayRange } from '@mzansi/kit/base';
import { dayAnalyticsJson, hoursOf, retentionOf, shareOf } from '../src/day-analytics.js';

/** How the day went, shaped from the services' answers (pure: no services here). */
const { days } = sastDayRange('2026-05-15', 15);
const player = (day: string, over: Partial<{ active: number; newPlayers: number; returningPlayers: number; backDay1: number; backDay7: number }> = {}) => ({
  day,
  active: 0,
  newPlayers: 0,
  returningPlayers: 0,
  backDay1: 0,
  backDay7: 0,
  ...over,
});
const empty = { firstDay: days[0]!, today: days[14]! };

describe('hoursOf', () => {
  it("today's answers per hour, and the mean of the same hour over the 14 days before (one decimal)", () => {
    const hours = hoursOf(days, [
      { day: '2026-05-01', hour: 9, answers: 10 },
      { day: '2026-05-14', hour: 9, answers: 4 },
      { day: '2026-05-14', hour: 23, answers: 1 },
      { day: '2026-05-15', hour: 9, answers: 7 },
      { day: '2026-04-30', hour: 9, answers: 1000 }, // outside the range: not counted
    ]);
    expect(hours).toHaveLength(24);
    expect(hours[9]).toEqual({ hour: 9, today: 7, typical: 1 }); // 14 ÷ 14
    expect(hours[23]).toEqual({ hour: 23, today: 0, typical: 0.1 }); // 1 ÷ 14
    expect(hours[0]).toEqual({ hour: 0, today: 0, typical: 0 });
  });

  it('a range of today alone has no typical hour', () => {
    expect(hoursOf(['2026-05-15'], [{ day: '2026-05-15', hour: 3, answers: 2 }])[3]).toEqual({ hour: 3, today: 2, typical: 0 });
  });
});

describe('retentionOf', () => {
  it("a day's new players back on day 1 and day 7: a share when there were any, null while the day is to come, not complete while it is today", () => {
    const rows = retentionOf(days, [player('2026-05-01', { newPlayers: 3, backDay1: 1, backDay7: 2 }), player('2026-05-08', { newPlayers: 4, backDay1: 3, backDay7: 1 }), player('2026-05-14', { newPlayers: 6, backDay1: 2 })]);
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual({ day: '2026-05-01', newPlayers: 3, day1: { returned: 1, rate: 33.3, complete: true }, day7: { returned: 2, rate: 66.7, complete: true } });
    // 8 May + 7 = 15 May, today: so far.
    expect(rows[7]).toEqual({ day: '2026-05-08', newPlayers: 4, day1: { returned: 3, rate: 75, complete: true }, day7: { returned: 1, rate: 25, complete: false } });
    expect(rows[8]!.day7).toBeNull();
    expect(rows[13]).toEqual({ day: '2026-05-14', newPlayers: 6, day1: { returned: 2, rate: 33.3, complete: false }, day7: null });
    expect(rows[5]).toEqual({ day: '2026-05-06', newPlayers: 0, day1: { returned: 0, rate: null, complete: true }, day7: { returned: 0, rate: null, complete: true } });
  });

  it('shares round to one decimal; none of nobody', () => {
    expect(shareOf(2, 3)).toBe(66.7);
    expect(shareOf(0, 0)).toBeNull();
  });
});

describe('dayAnalyticsJson', () => {
  it("lays every service's days side by side and applies the small-cell rule again to what voting sent", () => {
    const json = dayAnalyticsJson({
      days,
      answers: {
        ...empty,
        hours: [
          { day: '2026-05-15', hour: 8, answers: 40 },
          { day: '2026-05-15', hour: 9, answers: 35 },
        ],
        days: days.map((d) => (d === '2026-05-15' ? player(d, { active: 60, newPlayers: 50, returningPlayers: 10 }) : player(d))),
        provinceNational: 75,
        // As if voting had sent a province it should not have (national minus both would be 5): the gateway hides one.
        provinces: [
          { province: 'GP', answers: 40 },
          { province: 'WC', answers: 30 },
        ],
        topQuestions: [{ questionId: 'q1', text: 'Will it?', publishedAt: new Date('2026-05-15T06:00:00Z'), answers: 75 }],
      },
      signups: { ...empty, days: days.map((day) => ({ day, signups: day === '2026-05-15' ? 5 : 0 })) },
      community: { ...empty, days: days.map((day) => ({ day, comments: day === '2026-05-14' ? 2 : 0, reports: 1 })) },
      deliveries: { ...empty, days: days.map((day) => ({ day, pushSent: 3, pushFailed: 1, pushClicks: 2, emailSent: 4, emailFailed: 0 })) },
    });
    expect(DayAnalytics.parse(json)).toEqual(json);
    expect(json.days[14]).toEqual({
      day: '2026-05-15',
      answers: 75,
      players: 60,
      newPlayers: 50,
      returningPlayers: 10,
      signups: 5,
      comments: 0,
      reports: 1,
      push: { sent: 3, failed: 1, clicks: 2 },
      email: { sent: 4, failed: 0 },
    });
    expect(json.days[13]!.comments).toBe(2);
    expect(json.provinces).toEqual({ national: 75, shown: [{ province: 'GP', answers: 40 }], notShown: 35 });
    expect(json.topQuestions).toEqual([{ id: 'q1', text: 'Will it?', publishedAt: '2026-05-15T06:00:00.000Z', answers: 75 }]);
    expect([json.firstDay, json.today, json.timeZone]).toEqual(['2026-05-01', '2026-05-15', 'Africa/Johannesburg']);
  });
});
