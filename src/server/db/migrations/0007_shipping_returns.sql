-- Shipping, returned parcels, returns and exchanges (issue 12).
--
-- `returned`: a parcel refused or sent back. It earned nothing, so it counts like `cancelled` in
-- revenue and customer totals (report_counted below), but keeps its own status line in the
-- daily roll-up. The report trigger functions of 0002 are replaced with that one rule.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
  CHECK ("status" in ('pending', 'processing', 'shipped', 'delivered', 'returned', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "orders"
  ADD COLUMN "courier" text,
  ADD COLUMN "tracking_number" text,
  ADD COLUMN "tracking_url" text,
  ADD COLUMN "shipped_at" timestamp with time zone,
  ADD COLUMN "delivered_at" timestamp with time zone,
  ADD COLUMN "returned_at" timestamp with time zone,
  ADD COLUMN "courier_booked_at" timestamp with time zone,
  ADD COLUMN "replacement_of" uuid REFERENCES "orders"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The courier follow-up reads only parcels booked through a courier's API and still on the way.
CREATE INDEX "orders_courier_follow_idx" ON "orders" ("courier_booked_at") WHERE "status" = 'shipped' AND "courier_booked_at" IS NOT NULL;
--> statement-breakpoint
-- shipped_at, delivered_at, returned_at: the first time an order reached each status, whatever
-- wrote it (an agent, a bulk change, the courier follow-up, a restore).
CREATE FUNCTION order_status_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status IN ('shipped', 'delivered', 'returned') THEN NEW.shipped_at := coalesce(NEW.shipped_at, at); END IF;
    IF NEW.status = 'delivered' THEN NEW.delivered_at := coalesce(NEW.delivered_at, at); END IF;
    IF NEW.status = 'returned' THEN NEW.returned_at := coalesce(NEW.returned_at, at); END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_times BEFORE INSERT OR UPDATE OF status ON orders
FOR EACH ROW EXECUTE FUNCTION order_status_times();
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admin_note" text DEFAULT '' NOT NULL,
	"replacement_order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"refund_amount" numeric(12, 2),
	"refund_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "return_requests_type_check" CHECK ("type" in ('return', 'exchange')),
	CONSTRAINT "return_requests_status_check" CHECK ("status" in ('requested', 'approved', 'rejected', 'completed')),
	CONSTRAINT "return_requests_refund_method_check"
	  CHECK ("refund_method" is null or "refund_method" in ('cash', 'bank_transfer', 'easypaisa', 'jazzcash'))
);
--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" ("order_id");
--> statement-breakpoint
CREATE INDEX "return_requests_status_created_idx" ON "return_requests" ("status", "created_at");
--> statement-breakpoint
-- Return-to-origin roll-ups (decision 005's way, kept by their own triggers below): orders handed
-- to a courier (shipped, delivered, returned) per city, courier and status, and their order lines
-- per product and status. Split by writer slot like the others.
CREATE TABLE "report_shipping_outcomes" (
	"city" text NOT NULL,
	"courier" text NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_shipping_outcomes_pk" PRIMARY KEY("city","courier","status","slot")
);
--> statement-breakpoint
CREATE TABLE "report_product_outcomes" (
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "report_product_outcomes_pk" PRIMARY KEY("product_id","status","slot")
);
--> statement-breakpoint
-- Deleted shipped-or-later orders, held for the rest of the deleting statement (as report_deleted_orders).
CREATE TABLE "report_deleted_shipped" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION report_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status NOT IN ('cancelled', 'returned')
$$;
--> statement-breakpoint
-- How the reports name a city ('  LAHORE ' and 'lahore' are one) and a missing courier.
CREATE FUNCTION report_city(city text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(trim(city)), '\s+', ' ', 'g')
$$;
--> statement-breakpoint
CREATE FUNCTION report_courier(courier text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(courier), ''), '')
$$;
--> statement-breakpoint
-- The 0002 functions, with 'counted' meaning neither cancelled nor returned.
CREATE OR REPLACE FUNCTION report_refresh_latest(keys text[], ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM report_customers
  WHERE phone_key = ANY (keys) AND last_order_id = ANY (ids)
  ORDER BY phone_key FOR UPDATE;

  UPDATE report_customers r
  SET (last_order, last_order_id, name, phone, email, address, city) = (
    SELECT o.created_at, o.id, o.customer_name, o.customer_phone, o.customer_email, o.shipping_address, o.city
    FROM orders o
    WHERE o.phone_key = r.phone_key AND report_counted(o.status)
    ORDER BY o.created_at DESC, o.id
    LIMIT 1)
  WHERE r.phone_key = ANY (keys) AND r.last_order_id = ANY (ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_daily_sales AS r (day, status, slot, orders, revenue)
  SELECT report_day(created_at), status, report_slot(), count(*), sum(total)
  FROM inserted
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (day, status, slot) DO UPDATE
  SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;

  INSERT INTO report_customers AS r
    (phone_key, order_count, total_spent, last_order, last_order_id, name, phone, email, address, city)
  SELECT d.phone_key, d.orders, d.spent, l.created_at, l.id, l.customer_name, l.customer_phone,
         l.customer_email, l.shipping_address, l.city
  FROM (SELECT phone_key, count(*)::int AS orders, sum(total) AS spent
        FROM inserted WHERE report_counted(status) GROUP BY phone_key) d
  JOIN (SELECT DISTINCT ON (phone_key) *
        FROM inserted WHERE report_counted(status)
        ORDER BY phone_key, created_at DESC, id) l USING (phone_key)
  ORDER BY d.phone_key
  ON CONFLICT (phone_key) DO UPDATE
  SET order_count = r.order_count + excluded.order_count,
      total_spent = r.total_spent + excluded.total_spent,
      (last_order, last_order_id, name, phone, email, address, city) =
        (SELECT w.last_order, w.last_order_id, w.name, w.phone, w.email, w.address, w.city
         FROM report_latest_of(excluded, r) w);
  -- Items are counted by order_items' own trigger, which sees this order whether the items come
  -- in this statement (a CTE) or a later one.
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_keys text[];
  touched_ids uuid[];
BEGIN
  INSERT INTO report_daily_sales AS r (day, status, slot, orders, revenue)
  SELECT day, status, report_slot(), sum(n), sum(amount)
  FROM (SELECT report_day(created_at) AS day, status, 1 AS n, total AS amount FROM inserted
        UNION ALL
        SELECT report_day(created_at), status, -1, -total FROM removed) d
  GROUP BY day, status
  HAVING sum(n) <> 0 OR sum(amount) <> 0
  ORDER BY day, status
  ON CONFLICT (day, status, slot) DO UPDATE
  SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;

  -- A counted order whose latest-order details are new (un-cancelled, or edited) may become its
  -- customer's latest; one whose old details are gone may have been it.
  INSERT INTO report_customers AS r
    (phone_key, order_count, total_spent, last_order, last_order_id, name, phone, email, address, city)
  SELECT d.phone_key, d.orders, d.spent, l.created_at, l.id, l.customer_name, l.customer_phone,
         l.customer_email, l.shipping_address, l.city
  FROM (SELECT phone_key, sum(n)::int AS orders, sum(amount) AS spent
        FROM (SELECT phone_key, 1 AS n, total AS amount FROM inserted WHERE report_counted(status)
              UNION ALL
              SELECT phone_key, -1, -total FROM removed WHERE report_counted(status)) x
        GROUP BY phone_key) d
  LEFT JOIN (SELECT DISTINCT ON (phone_key) *
             FROM (SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
                   FROM inserted WHERE report_counted(status)
                   EXCEPT
                   SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
                   FROM removed WHERE report_counted(status)) c
             ORDER BY phone_key, created_at DESC, id) l USING (phone_key)
  WHERE d.orders <> 0 OR d.spent <> 0 OR l.id IS NOT NULL
  ORDER BY d.phone_key
  ON CONFLICT (phone_key) DO UPDATE
  SET order_count = r.order_count + excluded.order_count,
      total_spent = r.total_spent + excluded.total_spent,
      (last_order, last_order_id, name, phone, email, address, city) =
        (SELECT w.last_order, w.last_order_id, w.name, w.phone, w.email, w.address, w.city
         FROM report_latest_of(excluded, r) w);

  SELECT array_agg(phone_key), array_agg(id) INTO touched_keys, touched_ids
  FROM (SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
        FROM removed WHERE report_counted(status)
        EXCEPT
        SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
        FROM inserted WHERE report_counted(status)) gone;
  IF touched_keys IS NOT NULL THEN
    DELETE FROM report_customers WHERE phone_key = ANY (touched_keys) AND order_count <= 0;
    PERFORM report_refresh_latest(touched_keys, touched_ids);
  END IF;

  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         sum(f.sign), sum(f.sign * i.quantity), sum(f.sign * i.price * i.quantity)
  FROM (SELECT a.id, CASE WHEN report_counted(a.status) THEN 1 ELSE -1 END AS sign
        FROM inserted a JOIN removed b ON b.id = a.id
        WHERE (report_counted(a.status)) <> (report_counted(b.status))) f
  JOIN order_items i ON i.order_id = f.id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_keys text[];
  touched_ids uuid[];
BEGIN
  INSERT INTO report_daily_sales AS r (day, status, slot, orders, revenue)
  SELECT report_day(created_at), status, report_slot(), -count(*), -sum(total)
  FROM removed
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (day, status, slot) DO UPDATE
  SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;

  UPDATE report_customers r
  SET order_count = r.order_count - d.orders, total_spent = r.total_spent - d.spent
  FROM (SELECT phone_key, count(*)::int AS orders, sum(total) AS spent
        FROM removed WHERE report_counted(status) GROUP BY phone_key ORDER BY phone_key) d
  WHERE r.phone_key = d.phone_key;

  SELECT array_agg(phone_key), array_agg(id) INTO touched_keys, touched_ids
  FROM removed WHERE report_counted(status);
  IF touched_keys IS NOT NULL THEN
    DELETE FROM report_customers WHERE phone_key = ANY (touched_keys) AND order_count <= 0;
    PERFORM report_refresh_latest(touched_keys, touched_ids);
    -- The cascade has already removed these orders' items; order_items' delete trigger, which
    -- PostgreSQL fires after this one, takes their lines out of the counts.
    INSERT INTO report_deleted_orders (order_id) SELECT id FROM removed WHERE report_counted(status)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         count(*), sum(i.quantity), sum(i.price * i.quantity)
  FROM inserted i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         sum(i.sign), sum(i.sign * i.quantity), sum(i.sign * i.price * i.quantity)
  FROM (SELECT order_id, product_id, category, color, size, quantity, price, 1 AS sign FROM inserted
        UNION ALL
        SELECT order_id, product_id, category, color, size, quantity, price, -1 FROM removed) i
  JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3, 4
  HAVING sum(i.sign) <> 0 OR sum(i.sign * i.quantity) <> 0 OR sum(i.sign * i.price * i.quantity) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         -count(*), -sum(i.quantity), -sum(i.price * i.quantity)
  FROM removed i
  WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id AND report_counted(o.status))
     OR EXISTS (SELECT 1 FROM report_deleted_orders d WHERE d.order_id = i.order_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  DELETE FROM report_deleted_orders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Order writes wait until we commit, so none slips between the wipe and the sums.
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM report_daily_sales;
  DELETE FROM report_variant_sales;
  DELETE FROM report_customers;
  DELETE FROM report_deleted_orders;

  INSERT INTO report_daily_sales (day, status, slot, orders, revenue)
  SELECT report_day(created_at), status, 0, count(*), sum(total) FROM orders GROUP BY 1, 2;

  INSERT INTO report_variant_sales (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), 0,
         count(*), sum(i.quantity), sum(i.price * i.quantity)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_customers
    (phone_key, order_count, total_spent, last_order, last_order_id, name, phone, email, address, city)
  SELECT a.phone_key, a.orders, a.spent, l.created_at, l.id, l.customer_name, l.customer_phone,
         l.customer_email, l.shipping_address, l.city
  FROM (SELECT phone_key, count(*)::int AS orders, sum(total) AS spent
        FROM orders WHERE report_counted(status) GROUP BY phone_key) a
  JOIN (SELECT DISTINCT ON (phone_key) *
        FROM orders WHERE report_counted(status)
        ORDER BY phone_key, created_at DESC, id) l USING (phone_key);

  PERFORM report_outcomes_rebuild();
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_shipping_outcomes AS r (city, courier, status, slot, orders)
  SELECT report_city(city), report_courier(courier), status, report_slot(), count(*)
  FROM inserted WHERE status IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (city, courier, status, slot) DO UPDATE SET orders = r.orders + excluded.orders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any change of city, courier or status moves an order from its old row to its new one; the
-- lines of an order whose status changed move between product rows.
CREATE FUNCTION report_outcomes_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_shipping_outcomes AS r (city, courier, status, slot, orders)
  SELECT city, courier, status, report_slot(), sum(n)
  FROM (SELECT report_city(city) AS city, report_courier(courier) AS courier, status, 1 AS n
        FROM inserted WHERE status IN ('shipped', 'delivered', 'returned')
        UNION ALL
        SELECT report_city(city), report_courier(courier), status, -1
        FROM removed WHERE status IN ('shipped', 'delivered', 'returned')) d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (city, courier, status, slot) DO UPDATE SET orders = r.orders + excluded.orders;

  INSERT INTO report_product_outcomes AS r (product_id, status, slot, lines)
  SELECT i.product_id, f.status, report_slot(), sum(f.sign)
  FROM (SELECT a.id, a.status AS now_status, b.status AS was_status
        FROM inserted a JOIN removed b ON b.id = a.id
        WHERE a.status IS DISTINCT FROM b.status) c
  CROSS JOIN LATERAL (VALUES (c.now_status, 1), (c.was_status, -1)) f(status, sign)
  JOIN order_items i ON i.order_id = c.id
  WHERE f.status IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2 HAVING sum(f.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (product_id, status, slot) DO UPDATE SET lines = r.lines + excluded.lines;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_shipping_outcomes AS r (city, courier, status, slot, orders)
  SELECT report_city(city), report_courier(courier), status, report_slot(), -count(*)
  FROM removed WHERE status IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (city, courier, status, slot) DO UPDATE SET orders = r.orders + excluded.orders;
  -- Their items are already gone (cascade); order_items' delete trigger takes their lines out.
  INSERT INTO report_deleted_shipped (order_id, status)
  SELECT id, status FROM removed WHERE status IN ('shipped', 'delivered', 'returned')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_product_outcomes AS r (product_id, status, slot, lines)
  SELECT i.product_id, o.status, report_slot(), count(*)
  FROM inserted i JOIN orders o ON o.id = i.order_id
  WHERE o.status IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (product_id, status, slot) DO UPDATE SET lines = r.lines + excluded.lines;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_product_outcomes AS r (product_id, status, slot, lines)
  SELECT i.product_id, o.status, report_slot(), sum(i.sign)
  FROM (SELECT order_id, product_id, 1 AS sign FROM inserted
        UNION ALL
        SELECT order_id, product_id, -1 FROM removed) i
  JOIN orders o ON o.id = i.order_id
  WHERE o.status IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2 HAVING sum(i.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (product_id, status, slot) DO UPDATE SET lines = r.lines + excluded.lines;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_product_outcomes AS r (product_id, status, slot, lines)
  SELECT i.product_id, coalesce(o.status, d.status), report_slot(), -count(*)
  FROM removed i
  LEFT JOIN orders o ON o.id = i.order_id
  LEFT JOIN report_deleted_shipped d ON d.order_id = i.order_id
  WHERE coalesce(o.status, d.status) IN ('shipped', 'delivered', 'returned')
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (product_id, status, slot) DO UPDATE SET lines = r.lines + excluded.lines;
  DELETE FROM report_deleted_shipped;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_product_outcomes;
  IF TG_TABLE_NAME = 'orders' THEN
    DELETE FROM report_shipping_outcomes;
    DELETE FROM report_deleted_shipped;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_outcomes_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM report_shipping_outcomes;
  DELETE FROM report_product_outcomes;
  DELETE FROM report_deleted_shipped;
  INSERT INTO report_shipping_outcomes (city, courier, status, slot, orders)
  SELECT report_city(city), report_courier(courier), status, 0, count(*)
  FROM orders WHERE status IN ('shipped', 'delivered', 'returned') GROUP BY 1, 2, 3;
  INSERT INTO report_product_outcomes (product_id, status, slot, lines)
  SELECT i.product_id, o.status, 0, count(*)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.status IN ('shipped', 'delivered', 'returned') GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_outcomes_orders_inserted AFTER INSERT ON orders
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_orders_updated AFTER UPDATE ON orders
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_orders_updated();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_orders_deleted AFTER DELETE ON orders
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_orders_deleted();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_orders_truncated AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_truncated();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_items_inserted AFTER INSERT ON order_items
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_items_inserted();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_items_updated AFTER UPDATE ON order_items
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_items_updated();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_items_deleted AFTER DELETE ON order_items
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_items_deleted();
--> statement-breakpoint
CREATE TRIGGER report_outcomes_items_truncated AFTER TRUNCATE ON order_items
FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_truncated();
--> statement-breakpoint
-- Existing orders: every roll-up again under the new rule (and the new ones filled).
SELECT report_rebuild();
