-- A notice naming products says which server's session wrote them, and in which transaction
-- ("products:12,345@<origin>.<txid>", the session setting qateh.origin that each server gives its
-- connections): the server that made the write
-- has already dropped those products from its caches and patched its indexes, so it takes its own
-- notice as no news instead of patching them a second time (catalogue-version.ts). Sessions without
-- the setting (psql, an import) notify as before.
CREATE OR REPLACE FUNCTION "qateh_notify_products"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		PERFORM pg_notify('qateh_catalogue', 'products:' || ids || coalesce('@' || nullif(current_setting('qateh.origin', true), '') || '.' || txid_current(), ''));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "qateh_notify_product_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		PERFORM pg_notify('qateh_catalogue', 'products:' || ids || coalesce('@' || nullif(current_setting('qateh.origin', true), '') || '.' || txid_current(), ''));
	END IF;
	RETURN NULL;
END
$$;
