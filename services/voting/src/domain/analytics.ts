import { addDays } from '@mzansi/kit/clock';
import { PROVINCE_CODES, shownProvinces } from '@mzansi/kit/provinces';

/** The admin's list of the range's questions with the most answers. */
export const TOP_QUESTIONS = 5;

/**
 * The province breakdown of the admin's participation figures: the answers to the questions published in the range,
 * by the province their authors had when answering, with the one small-cell rule (kit shownProvinces, as every
 * province figure) applied to the range's totals: a province under 30 answers shows nothing, and national minus the
 * provinces shown (answers without a province included) is 0 or at least 30. Only the provinces shown leave voting,
 * in the provinces' code order.
 */
export function participationByProvince(national: number, provinces: readonly (readonly [code: string, answers: number])[]): { province: string; answers: number }[] {
  const shown = shownProvinces(national, provinces);
  const byCode = new Map(provinces);
  return PROVINCE_CODES.filter((code) => shown.has(code)).map((code) => ({ province: code, answers: byCode.get(code)! }));
}

export interface RolledUp {
  day: string;
  hours: number[];
  players: number;
  newPlayers: number;
  /** Null until the day after (the seventh day after) has closed and been rolled up. */
  backDay1: number | null;
  backDay7: number | null;
}

export interface Today {
  /** Today's date by the service's clock: the one day read live. */
  day: string;
  hours: { hour: number; answers: number }[];
  players: number;
  newPlayers: number;
  /** Of yesterday's new players and of seven days ago's, those who answered today (so far). */
  back1: number;
  back7: number;
}

export interface DayFigures {
  day: string;
  active: number;
  newPlayers: number;
  returningPlayers: number;
  backDay1: number;
  backDay7: number;
}

/**
 * The range's days and hours from what was rolled up (closed days) and what today's answers say (today, by the
 * service's clock): a closed day's figures are its roll-up's; today's are live; a day still to come has none. A
 * cohort's return on a day: the roll-up of that day once it closed, today's live count while it is today, 0 before.
 * Returning players = players − new players.
 */
export function dayFigures(days: string[], rolled: RolledUp[], today: Today): { days: DayFigures[]; hours: { day: string; hour: number; answers: number }[] } {
  const byDay = new Map(rolled.map((r) => [r.day, r]));
  const back = (stored: number | null | undefined, on: string, live: number) => stored ?? (on === today.day ? live : 0);
  const hours: { day: string; hour: number; answers: number }[] = [];
  const figures = days.map((day): DayFigures => {
    if (day === today.day) {
      for (const h of today.hours) if (h.answers > 0) hours.push({ day, hour: h.hour, answers: h.answers });
      return { day, active: today.players, newPlayers: today.newPlayers, returningPlayers: today.players - today.newPlayers, backDay1: 0, backDay7: 0 };
    }
    const r = day < today.day ? byDay.get(day) : undefined;
    if (!r) return { day, active: 0, newPlayers: 0, returningPlayers: 0, backDay1: 0, backDay7: 0 };
    r.hours.forEach((answers, hour) => answers > 0 && hours.push({ day, hour, answers }));
    return {
      day,
      active: r.players,
      newPlayers: r.newPlayers,
      returningPlayers: r.players - r.newPlayers,
      backDay1: back(r.backDay1, addDays(day, 1), today.back1),
      backDay7: back(r.backDay7, addDays(day, 7), today.back7),
    };
  });
  return { days: figures, hours };
}
