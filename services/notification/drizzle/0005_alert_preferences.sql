-- A person's push and e-mail choice per kind of alert; a kind without a row has the defaults (@mzansi/api
-- ALERT_DEFAULTS: everything by push, everything by e-mail but replies and agrees).
CREATE TABLE "alert_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
