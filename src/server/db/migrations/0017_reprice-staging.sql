CREATE TABLE "reprice_staging" (
	"run_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"before_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	"compare_at_price" bigint,
	"tiers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reprice_staging_run_idx" ON "reprice_staging" USING btree ("run_id","product_id");