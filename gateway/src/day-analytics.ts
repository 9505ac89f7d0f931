// How the day went (GET /api/admin/analytics/day), shaped from the four services' answers. Pure: the answers in,
// the JSON out. Every count is the services'; here they are laid side by side per SAST day, today's hours are set
// beside the days before, and retention counts become shares.
import { addDays, shownProvinces } from '@mzansi/kit/base';
import type { ResponseOf } from '@mzansi/api';
import type { GetAnswerAnalyticsResponse } from '@mzansi/proto/voting/v1/voting';
import type { GetSignupAnalyticsResponse } from '@mzansi/proto/identity/v1/identity';
import type { GetCommunityAnalyticsResponse } from '@mzansi/proto/social/v1/social';
import type { GetDeliveryAnalyticsResponse } from '@mzansi/proto/notification/v1/notification';

export type DayAnalyticsJson = ResponseOf<'GET /api/admin/analytics/day', 200>;

export interface DayAnalyticsParts {
  /** The range's days, oldest first, today last (the gateway asked every service for the same ones). */
  days: string[];
  answers: GetAnswerAnalyticsResponse;
  signups: GetSignupAnalyticsResponse;
  community: GetCommunityAnalyticsResponse;
  deliveries: GetDeliveryAnalyticsResponse;
}

/** A share in % to one decimal; null of nobody. */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));

/**
 * Today's 24 hours: today's predictions per SAST hour, and "typical", the mean of that hour over the range's earlier
 * days (one decimal; 0 when the range is today alone).
 */
export function hoursOf(days: string[], hours: GetAnswerAnalyticsResponse['hours']): DayAnalyticsJson['hours'] {
  const today = days[days.length - 1];
  const earlier = days.length - 1;
  const todays = new Array<number>(24).fill(0);
  const before = new Array<number>(24).fill(0);
  for (const h of hours) {
    if (h.hour < 0 || h.hour > 23) continue;
    if (h.day === today) todays[h.hour]! += h.answers;
    else if (days.includes(h.day)) before[h.hour]! += h.answers;
  }
  return todays.map((n, hour) => ({ hour, today: n, typical: earlier ? Math.round((before[hour]! / earlier) * 10) / 10 : 0 }));
}

/**
 * Per day D before today: of D's new players, those back on D + 1 and D + 7 (null while that day has not begun;
 * `complete` false while it is today).
 */
export function retentionOf(days: string[], players: GetAnswerAnalyticsResponse['days']): DayAnalyticsJson['retention'] {
  const today = days[days.length - 1]!;
  const rows = byDay(players);
  const back = (day: string, after: number, returned: number, cohort: number) => {
    const on = addDays(day, after);
    return on > today ? null : { returned, rate: shareOf(returned, cohort), complete: on < today };
  };
  return days.slice(0, -1).map((day) => {
    const p = rows.get(day);
    const cohort = p?.newPlayers ?? 0;
    return { day, newPlayers: cohort, day1: back(day, 1, p?.backDay1 ?? 0, cohort), day7: back(day, 7, p?.backDay7 ?? 0, cohort) };
  });
}

export function dayAnalyticsJson({ days, answers, signups, community, deliveries }: DayAnalyticsParts): DayAnalyticsJson {
  const perHour = new Map<string, number>();
  for (const h of answers.hours) perHour.set(h.day, (perHour.get(h.day) ?? 0) + h.answers);
  const players = byDay(answers.days);
  const joined = byDay(signups.days);
  const talk = byDay(community.days);
  const sent = byDay(deliveries.days);
  // Voting sends only the provinces that may be shown; the rule once more against the national total shown with them.
  const safe = shownProvinces(answers.provinceNational, answers.provinces.map((p) => [p.province, p.answers] as const));
  const shown = answers.provinces.filter((p) => safe.has(p.province));
  const shownTotal = shown.reduce((n, p) => n + p.answers, 0);
  return {
    timeZone: 'Africa/Johannesburg',
    today: days[days.length - 1]!,
    firstDay: days[0]!,
    hours: hoursOf(days, answers.hours),
    days: days.map((day) => {
      const p = players.get(day);
      const d = sent.get(day);
      return {
        day,
        answers: perHour.get(day) ?? 0,
        players: p?.active ?? 0,
        newPlayers: p?.newPlayers ?? 0,
        returningPlayers: p?.returningPlayers ?? 0,
        signups: joined.get(day)?.signups ?? 0,
        comments: talk.get(day)?.comments ?? 0,
        reports: talk.get(day)?.reports ?? 0,
        push: { sent: d?.pushSent ?? 0, failed: d?.pushFailed ?? 0, clicks: d?.pushClicks ?? 0 },
        email: { sent: d?.emailSent ?? 0, failed: d?.emailFailed ?? 0 },
      };
    }),
    retention: retentionOf(days, answers.days),
    provinces: {
      national: answers.provinceNational,
      shown: shown.map((p) => ({ province: p.province, answers: p.answers })),
      notShown: Math.max(0, answers.provinceNational - shownTotal),
    },
    topQuestions: answers.topQuestions.map((q) => ({ id: q.questionId, text: q.text, publishedAt: (q.publishedAt ?? new Date(0)).toISOString(), answers: q.answers })),
  };
}
