-- Facets read from a roll-up (issue 40, decision 051, superseding 045's counting). One row per
-- distinct combination of what the shop's facets filter and count by: the product's token set,
-- its category, its regular price (the shown price under any sale by category is computed from
-- price and category, and the price range filters it) and whether shoppers see it (status, and a
-- draft's launch time: visibility is judged when read, so a launch writes nothing here). At
-- the benchmark's 100,000 products this is 864 rows.
--
-- Kept by the database itself, as the report roll-ups are (decision 005): statement-level triggers
-- on products fold each statement's changes into it, in the same transaction, whatever wrote them
-- (the admin, imports, launches, a price following the stock, the demo seed, tests). An update
-- is its old rows leaving and its new rows joining, netted per key, so a write that changes none
-- of these columns (a name, stock, a picture) writes nothing here. Rows carry the writer's slot
-- (report_slot), so concurrent writers seldom wait on one row; readers sum the slots.
CREATE TABLE "product_facet_counts" (
	"facet_tokens" text[] NOT NULL,
	"category" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	-- The token set's key in the unique index (facet_set_key), worked out once per row written.
	"set_key" text NOT NULL
);
--> statement-breakpoint
-- A token set's key: its md5 (a product with very many values would pass a btree entry's size
-- limit with the array itself). `::text` quotes each token, so two different sets never print alike.
CREATE FUNCTION facet_set_key(tokens text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT md5(tokens::text)
$$;
--> statement-breakpoint
-- The launch time that visibility reads: a draft's own; any other product's changes nothing
-- (onSaleSql in modules/catalogue/launches.ts), so it is kept as null and does not split rows.
CREATE FUNCTION facet_publish_at(status text, publish_at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'draft' THEN publish_at END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_facet_counts_key" ON "product_facet_counts"
	("set_key", "category", "price", "status", coalesce("publish_at", 'infinity'::timestamptz), "slot");
--> statement-breakpoint
-- One row to add for a key (publish_at already as facet_publish_at keeps it), in this writer's slot.
CREATE FUNCTION facet_count_row(facet_tokens text[], category text, price numeric, status text, publish_at timestamptz, n bigint)
RETURNS product_facet_counts LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ROW(facet_tokens, category, price, status, publish_at, report_slot(), n::int, facet_set_key(facet_tokens))::product_facet_counts
$$;
--> statement-breakpoint
-- Adds a statement's changes, netted per key, in key order (so two writers sharing rows lock them
-- in the same order); rows of this slot that come to 0 are removed.
CREATE FUNCTION product_facet_counts_add(changes product_facet_counts[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH up AS (
    INSERT INTO product_facet_counts AS c
    SELECT * FROM unnest(changes)
    ORDER BY set_key, category, price, status, coalesce(publish_at, 'infinity'::timestamptz)
    ON CONFLICT (set_key, category, price, status, coalesce(publish_at, 'infinity'::timestamptz), slot)
    DO UPDATE SET n = c.n + excluded.n
    RETURNING c.ctid AS at, c.n
  )
  SELECT array_agg(at) FILTER (WHERE n = 0) INTO emptied FROM up;
  IF emptied IS NOT NULL THEN
    DELETE FROM product_facet_counts WHERE ctid = ANY (emptied) AND n = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- A statement's changes from its transition tables: the rows written join, the rows replaced or
-- deleted leave. The tables are seen only by the trigger's own function, hence a query per event.
CREATE FUNCTION product_facet_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes product_facet_counts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := array(
      SELECT facet_count_row(facet_tokens, category, price, status, facet_publish_at(status, publish_at), count(*))
      FROM inserted
      GROUP BY facet_tokens, category, price, status, facet_publish_at(status, publish_at));
  ELSIF TG_OP = 'DELETE' THEN
    changes := array(
      SELECT facet_count_row(facet_tokens, category, price, status, facet_publish_at(status, publish_at), -count(*))
      FROM removed
      GROUP BY facet_tokens, category, price, status, facet_publish_at(status, publish_at));
  ELSE
    changes := array(
      SELECT facet_count_row(facet_tokens, category, price, status, publish_at, sum(n)::bigint)
      FROM (SELECT facet_tokens, category, price, status, facet_publish_at(status, publish_at) AS publish_at, 1 AS n
            FROM inserted
            UNION ALL
            SELECT facet_tokens, category, price, status, facet_publish_at(status, publish_at), -1
            FROM removed) d
      GROUP BY facet_tokens, category, price, status, publish_at
      HAVING sum(n) <> 0);
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM product_facet_counts_add(changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_facet_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recounts from the products (the migration's fill, and the repair after anything that bypassed
-- the triggers: a data-only restore with --disable-triggers, session_replication_role = replica).
-- Product writes wait until the caller commits, so none slips between the wipe and the count.
CREATE FUNCTION product_facet_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM product_facet_counts;
  INSERT INTO product_facet_counts (facet_tokens, category, price, status, publish_at, slot, n, set_key)
  SELECT facet_tokens, category, price, status, facet_publish_at(status, publish_at), 0, count(*),
         facet_set_key(facet_tokens)
  FROM products
  GROUP BY facet_tokens, category, price, status, facet_publish_at(status, publish_at);
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_follow();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_updated AFTER UPDATE ON products
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_follow();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_follow();
--> statement-breakpoint
CREATE TRIGGER product_facet_counts_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_truncated();
--> statement-breakpoint
SELECT product_facet_counts_rebuild();
