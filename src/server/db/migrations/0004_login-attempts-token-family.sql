CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
-- Sessions issued before token families existed each start their own family.
UPDATE "auth_tokens" SET "family_id" = "session_id";--> statement-breakpoint
ALTER TABLE "auth_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_window_idx" ON "login_attempts" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_family_idx" ON "auth_tokens" USING btree ("family_id");