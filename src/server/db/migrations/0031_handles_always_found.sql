-- A product written without a handle always gets one (issue 40, decision 046, superseding that
-- part of 039). The trigger of 0024 tried the name's handle, then that handle with the row's id,
-- and failed the insert when both were taken (a product named "shirt-12" already there); it also
-- cut the name at 70 characters where the app cuts at 80. Now one rule: the name's handle as the
-- app makes it (`handle_from` is shared/catalogue/handles.ts `handleFrom`, tested to agree), else
-- the first of -2, -3 … that is free, at most 80 characters. The API asks `free_product_handle`
-- too, so a product saved from the admin and one inserted by a script are named alike.
CREATE FUNCTION handle_from(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    nullif(trim(both '-' from left(regexp_replace(
      lower(regexp_replace(normalize(coalesce(name, ''), NFKD), '[\u0300-\u036f]', '', 'g')),
      '[^a-z0-9]+', '-', 'g'), 80)), ''),
    'product')
$$;
--> statement-breakpoint
CREATE FUNCTION numbered_handle(handle text, n integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT rtrim(left(handle, 80 - length('-' || n)), '-') || '-' || n
$$;
--> statement-breakpoint
-- The name's handle, or its first numbered form no product other than `except_id` has. One indexed
-- lookup when the name is new; one per repeat of the same name otherwise. Volatile, so that in one
-- INSERT of many rows each row's trigger sees the handles the rows before it took.
CREATE FUNCTION free_product_handle(name text, except_id integer) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  base text := handle_from(name);
  candidate text := base;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM products WHERE handle = candidate AND id IS DISTINCT FROM except_id) LOOP
    n := n + 1;
    candidate := numbered_handle(base, n);
  END LOOP;
  RETURN candidate;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_fill_handle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.handle IS NULL OR NEW.handle = '' THEN
    NEW.handle := free_product_handle(NEW.name, NEW.id);
  END IF;
  RETURN NEW;
END $$;
