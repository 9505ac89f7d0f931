-- The "complete your profile" step after the first vote: when it was saved or skipped (null = not yet shown).
-- Accounts from before it existed were offered e-mail, phone and province at sign-up, so they are not asked again.
ALTER TABLE "users" ADD COLUMN "profile_prompt_done_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "profile_prompt_done_at" = now();--> statement-breakpoint
-- Phone numbers in E.164, by the rule of domain/phone.ts: separators dropped, 00 read as +, a South African
-- national (0XX…) or code-without-plus (27XX…, +27 (0)XX…) number rewritten; what cannot be read stays as typed
-- (the person is asked for a valid number when they next change it).
WITH compact AS (
  SELECT "id", regexp_replace(regexp_replace(btrim("phone_number"), '[[:space:]()./-]', '', 'g'), '^00', '+') AS p
  FROM "users" WHERE "phone_number" IS NOT NULL
)
UPDATE "users" u SET "phone_number" = CASE
    WHEN c.p = '' THEN NULL
    WHEN c.p ~ '^0[1-9][0-9]{8}$' THEN '+27' || right(c.p, 9)
    WHEN c.p ~ '^[+]?270?[1-9][0-9]{8}$' THEN '+27' || right(c.p, 9)
    WHEN c.p ~ '^[+]27' THEN u."phone_number"
    WHEN c.p ~ '^[+][1-9][0-9]{7,14}$' THEN c.p
    ELSE u."phone_number"
  END
FROM compact c WHERE u."id" = c."id";
