ALTER TABLE "products" ADD COLUMN "more_description_markdown" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specification_markdown" text;