CREATE TABLE "payment_sandbox_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" text,
	"merchant_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'IRR' NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"paid_at" bigint,
	"verified_at" bigint,
	"reversed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_sessions_reference_idx" ON "payment_sandbox_sessions" USING btree ("bank","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_sessions_order_idx" ON "payment_sandbox_sessions" USING btree ("bank","order_id");--> statement-breakpoint
-- Every statement that changes what shoppers read tells each listening server (LISTEN qateh_catalogue)
-- at commit, whoever wrote it: another instance, an import, a staff tool. Per statement, not per row,
-- and PostgreSQL folds equal notifications of one transaction into one.
CREATE FUNCTION "qateh_notify_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('qateh_catalogue', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_notify_catalogue" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
-- A page view only bumps the view counter: telling every server to drop its read cache on each view
-- would defeat the cache (product-popularity.ts leaves it alone for the same reason).
CREATE TRIGGER "products_changed_notify_catalogue" AFTER UPDATE ON "products" FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'views') IS DISTINCT FROM (to_jsonb(NEW) - 'views')) EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "product_prices_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "product_images_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_attribute_values" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "product_files_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_files" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "categories_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "brands_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "departments_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "content_pages_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();--> statement-breakpoint
CREATE TRIGGER "site_messages_notify_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_messages" FOR EACH STATEMENT EXECUTE FUNCTION "qateh_notify_catalogue"();
