CREATE TABLE "province_counts" (
	"question_id" uuid NOT NULL,
	"province" text NOT NULL,
	"option_id" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "province_counts_question_id_province_option_id_pk" PRIMARY KEY("question_id","province","option_id")
);
--> statement-breakpoint
CREATE TABLE "user_province" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"province" text NOT NULL
);
