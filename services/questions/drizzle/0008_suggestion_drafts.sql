-- "Use" on a suggestion makes a draft linked to it: when that question is published the suggestion becomes used
-- and its author is told. One question per suggestion; deleting the suggestion keeps the question, unlinked.
ALTER TABLE "questions" ADD COLUMN "suggestion_id" uuid REFERENCES "question_suggestions"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "questions_suggestion_idx" ON "questions" ("suggestion_id") WHERE "suggestion_id" IS NOT NULL;
