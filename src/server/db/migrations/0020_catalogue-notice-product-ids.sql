-- A change to some products tells the listening servers which ones ("products:12,345"), so their in-memory
-- search index and card cache patch just those products instead of rebuilding (issue 19). Anything
-- else, and a statement touching more products than fit a notification (PostgreSQL's payload limit is
-- 8,000 bytes: 700 ids of up to 10 digits and commas fit), still says only the table's name: everything.
-- Statement triggers with transition tables: one notification per statement, however many rows.
-- The other tables notify per row changed (folded into one per transaction): a statement that changes
-- nothing, such as the product writer's brand upsert (INSERT ... ON CONFLICT DO NOTHING) on every save,
-- no longer says "everything changed".
CREATE FUNCTION "qateh_notify_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n int;
	ids text;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		-- A page view only bumps the view counter: no notification (product-popularity.ts).
		SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (
			SELECT nr.id FROM new_rows nr JOIN old_rows o ON o.id = nr.id
			WHERE (to_jsonb(o) - 'views') IS DISTINCT FROM (to_jsonb(nr) - 'views') LIMIT 701) c;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM new_rows LIMIT 701) c;
	ELSE
		SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM old_rows LIMIT 701) c;
	END IF;
	IF n > 700 THEN
		PERFORM pg_notify('qateh_catalogue', TG_TABLE_NAME);
	ELSIF n > 0 THEN
		PERFORM pg_notify('qateh_catalogue', 'products:' || ids);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tables of a product's own parts (prices, images, attribute values, files, reviews): their product_id.
CREATE FUNCTION "qateh_notify_product_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n int;
	ids text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		SELECT count(*), string_agg(product_id::text, ',') INTO n, ids FROM (SELECT DISTINCT product_id FROM old_rows LIMIT 701) c;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT count(*), string_agg(product_id::text, ',') INTO n, ids FROM (SELECT DISTINCT product_id FROM new_rows LIMIT 701) c;
	ELSE
		SELECT count(*), string_agg(product_id::text, ',') INTO n, ids FROM (
			SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 701) c;
	END IF;
	IF n > 700 THEN
		PERFORM pg_notify('qateh_catalogue', TG_TABLE_NAME);
	ELSIF n > 0 THEN
		PERFORM pg_notify('qateh_catalogue', 'products:' || ids);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "products_notify_catalogue" ON "products";--> statement-breakpoint
DROP TRIGGER "products_changed_notify_catalogue" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_inserted_notify_catalogue" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_products"();--> statement-breakpoint
CREATE TRIGGER "products_changed_notify_catalogue" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_products"();--> statement-breakpoint
CREATE TRIGGER "products_deleted_notify_catalogue" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_products"();--> statement-breakpoint
CREATE TRIGGER "products_notify_catalogue" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "product_prices_notify_catalogue" ON "product_prices";--> statement-breakpoint
CREATE TRIGGER "product_prices_inserted_notify_catalogue" AFTER INSERT ON "product_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_prices_changed_notify_catalogue" AFTER UPDATE ON "product_prices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_prices_deleted_notify_catalogue" AFTER DELETE ON "product_prices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_prices_notify_catalogue" AFTER TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "product_images_notify_catalogue" ON "product_images";--> statement-breakpoint
CREATE TRIGGER "product_images_inserted_notify_catalogue" AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_images_changed_notify_catalogue" AFTER UPDATE ON "product_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_images_deleted_notify_catalogue" AFTER DELETE ON "product_images" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_images_notify_catalogue" AFTER TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "product_attribute_values_notify_catalogue" ON "product_attribute_values";--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_inserted_notify_catalogue" AFTER INSERT ON "product_attribute_values" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_changed_notify_catalogue" AFTER UPDATE ON "product_attribute_values" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_deleted_notify_catalogue" AFTER DELETE ON "product_attribute_values" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_notify_catalogue" AFTER TRUNCATE ON "product_attribute_values" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "product_files_notify_catalogue" ON "product_files";--> statement-breakpoint
CREATE TRIGGER "product_files_inserted_notify_catalogue" AFTER INSERT ON "product_files" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_files_changed_notify_catalogue" AFTER UPDATE ON "product_files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_files_deleted_notify_catalogue" AFTER DELETE ON "product_files" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "product_files_notify_catalogue" AFTER TRUNCATE ON "product_files" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "reviews_notify_catalogue" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "reviews_inserted_notify_catalogue" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "reviews_changed_notify_catalogue" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "reviews_deleted_notify_catalogue" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_product_parts"();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_catalogue" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
-- A category's product count (items_count) follows its products' changes, which name those products:
-- a recount alone says "counts" (cached answers are dropped, the search index has nothing to patch).
CREATE FUNCTION "qateh_notify_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('qateh_catalogue', 'counts');
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "categories_notify_catalogue" ON "categories";--> statement-breakpoint
CREATE TRIGGER "categories_changed_notify_catalogue" AFTER INSERT OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "categories_updated_notify_catalogue" AFTER UPDATE ON "categories" FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'items_count') IS DISTINCT FROM (to_jsonb(NEW) - 'items_count')) EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "categories_counted_notify_catalogue" AFTER UPDATE ON "categories" FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'items_count') IS NOT DISTINCT FROM (to_jsonb(NEW) - 'items_count')) EXECUTE FUNCTION "qateh_notify_counts"();--> statement-breakpoint
CREATE TRIGGER "categories_notify_catalogue" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "brands_notify_catalogue" ON "brands";--> statement-breakpoint
CREATE TRIGGER "brands_changed_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "brands" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "brands_notify_catalogue" AFTER TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "departments_notify_catalogue" ON "departments";--> statement-breakpoint
CREATE TRIGGER "departments_changed_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "departments_notify_catalogue" AFTER TRUNCATE ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "content_pages_notify_catalogue" ON "content_pages";--> statement-breakpoint
CREATE TRIGGER "content_pages_changed_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "content_pages" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "content_pages_notify_catalogue" AFTER TRUNCATE ON "content_pages" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "blog_posts_notify_catalogue" ON "blog_posts";--> statement-breakpoint
CREATE TRIGGER "blog_posts_changed_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_notify_catalogue" AFTER TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
DROP TRIGGER "site_messages_notify_catalogue" ON "site_messages";--> statement-breakpoint
CREATE TRIGGER "site_messages_changed_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "site_messages" FOR EACH ROW EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "site_messages_notify_catalogue" AFTER TRUNCATE ON "site_messages" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();
