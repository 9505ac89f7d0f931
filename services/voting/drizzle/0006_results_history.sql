-- How the nation moved: per question, the cumulative counts per option as they stood at moments since it was
-- published, one row per time bucket (the live results flush rewrites the current bucket's row). A read probes at
-- most a few hundred rows through the primary key, whatever the number of answers.
CREATE TABLE IF NOT EXISTS "results_history" (
	"question_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	CONSTRAINT "results_history_pkey" PRIMARY KEY("question_id","bucket")
);
