CREATE TABLE "reprice_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"rials_per_usd" bigint NOT NULL,
	"staff_id" integer NOT NULL,
	"after_product_id" integer DEFAULT 0 NOT NULL,
	"repriced" integer DEFAULT 0 NOT NULL,
	"running" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "reprice_staging" CASCADE;--> statement-breakpoint
ALTER TABLE "reprice_runs" ADD CONSTRAINT "reprice_runs_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reprice_runs_one_running_idx" ON "reprice_runs" USING btree ("running") WHERE "reprice_runs"."running";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_markdown" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_en_markdown" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "body_markdown" text;