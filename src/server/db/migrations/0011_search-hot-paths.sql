CREATE TABLE "category_facets" (
	"category_id" integer NOT NULL,
	"brand_id" integer,
	"quality" text,
	"products" integer NOT NULL,
	"price_min" bigint NOT NULL,
	"price_max" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_facets" ADD CONSTRAINT "category_facets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_facets_category_idx" ON "category_facets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_visible_pn_key_idx" ON "products" USING btree ("pn_key" text_pattern_ops,"stock","sales_count","id") WHERE enable and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_default_idx" ON "products" USING btree ("category_id",(("stock" > 0 and "stock" >= greatest("minimum_purchase", 1))) desc,"sales_count" desc,"views" desc,"id") WHERE enable and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree ("category_id","name","id") WHERE enable and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("category_id","price","id") WHERE enable and deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("category_id","created_at" desc,"id" desc) WHERE enable and deleted_at is null;--> statement-breakpoint
-- The facet counts of a catalogue written before this table existed (later writes keep it).
INSERT INTO "category_facets" ("category_id", "brand_id", "quality", "products", "price_min", "price_max")
SELECT category_id, brand_id, quality, count(*)::int, min(price), max(price) FROM products
WHERE enable AND deleted_at IS NULL GROUP BY category_id, brand_id, quality;
