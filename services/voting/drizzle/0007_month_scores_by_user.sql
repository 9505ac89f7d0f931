-- One player's months are read by user (the profile's accuracy history, the data export): without this index the
-- primary key (month, user_id) leads with the month and every such read scans the table.
CREATE INDEX IF NOT EXISTS "month_scores_user_month_idx" ON "month_scores" USING btree ("user_id","month");
