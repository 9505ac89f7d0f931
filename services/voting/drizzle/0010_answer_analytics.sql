-- The admin's "how the day went" reads answers by time: per SAST hour, and the players of each day, over at most 31
-- days. Without this index each read scans every answer; with it, it reads only the range's entries, and the user id
-- beside each lets the players' reads (distinct players per day, retention) run from the index alone. It also serves
-- CountAnswers (answers today).
CREATE INDEX IF NOT EXISTS "answers_submitted_idx" ON "answers" USING btree ("submitted_at") INCLUDE ("user_id");
--> statement-breakpoint
-- The questions published in a range (their province breakdown and the top questions): a few rows, found by time.
CREATE INDEX IF NOT EXISTS "question_state_published_idx" ON "question_state" USING btree ("published_at") WHERE "published_at" IS NOT NULL;
--> statement-breakpoint
-- Each player's first SAST day of answering (who is new on a day, whose return counts for day-1 and day-7
-- retention). Filled here from the answers there are, then by the analytics roll-up as each day closes
-- (data-access/analytics-rollup.ts); erased with the account.
CREATE TABLE IF NOT EXISTS "player_first_days" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "player_first_days_day_idx" ON "player_first_days" USING btree ("first_day","user_id");
--> statement-breakpoint
INSERT INTO "player_first_days" ("user_id", "first_day") SELECT "user_id", min("sast_day") FROM "answers" GROUP BY "user_id" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A closed SAST day's figures, computed once from that day's answers (a read of "how the day went" then touches only
-- today's answers and these rows): answers per hour, players, new players, and of that day's new players those who
-- answered the next day and seven days later (null until that day is closed and rolled up). Aggregates only.
CREATE TABLE IF NOT EXISTS "answer_days" (
	"day" date PRIMARY KEY NOT NULL,
	"hours" integer[] NOT NULL,
	"players" integer NOT NULL,
	"new_players" integer NOT NULL,
	"back_day1" integer,
	"back_day7" integer,
	"rolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answer_days_hours_check" CHECK (cardinality("hours") = 24)
);
