ALTER TABLE "orders" ADD COLUMN "discount_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders sent with a code before this column hold their use unless rejected or cancelled (expired ones are given back by the next periodic check).
UPDATE "orders" SET "discount_held" = true WHERE "discount_code" IS NOT NULL AND "status" NOT IN ('rejected', 'cancelled');
