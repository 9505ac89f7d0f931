-- The admin's "how the day went": sign-ups per SAST day over at most 31 days, read through this index rather than
-- by scanning every account.
CREATE INDEX IF NOT EXISTS "users_join_date_idx" ON "users" USING btree ("join_date");
