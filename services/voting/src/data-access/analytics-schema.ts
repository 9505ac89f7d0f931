import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Each player's first SAST day of answering (new players, retention cohorts); erased with the account. */
export const playerFirstDays = pgTable(
  'player_first_days',
  {
    userId: uuid('user_id').primaryKey(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [index('player_first_days_day_idx').on(t.firstDay, t.userId)],
);

/**
 * A closed SAST day's figures, rolled up once from its answers (data-access/analytics-rollup.ts): answers per hour
 * (24), players, new players, and of those new players the ones back the next day and on the seventh day after
 * (null until that day is rolled up). Aggregates only: an erased account's answers stay counted, as in option_counts.
 */
export const answerDays = pgTable(
  'answer_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    hours: integer('hours').array().notNull(),
    players: integer('players').notNull(),
    newPlayers: integer('new_players').notNull(),
    backDay1: integer('back_day1'),
    backDay7: integer('back_day7'),
    rolledAt: timestamp('rolled_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('answer_days_hours_check', sql`cardinality(${t.hours}) = 24`)],
);
