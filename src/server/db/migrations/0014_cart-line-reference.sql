ALTER TABLE "cart_items" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "reference" text;