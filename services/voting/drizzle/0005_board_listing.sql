-- The national boards name only users who opted in; everyone else counts in the totals only.
ALTER TABLE "answer_privacy" ADD COLUMN "list_on_national_board" boolean DEFAULT false NOT NULL;
