-- Report roll-ups kept right by the database itself (decision 005): statement-level triggers on
-- orders and order_items fold each statement's changes (its transition tables) into
-- report_daily_sales, report_variant_sales and report_customers, whatever wrote them: order
-- placement, status changes, the demo seed, bulk generators, deletes, a restore. Cancelled orders
-- count only in report_daily_sales (as their own status). The statements order their upserts by
-- key so two writers lock shared rows in the same order.

-- The writer's slot: concurrent order placements on PostgreSQL (one backend per pooled
-- connection) add to different rows of the same day and variant instead of queueing on one.
CREATE FUNCTION report_slot() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
-- The store's day of an instant (src/server/modules/reports/store-time.ts).
CREATE FUNCTION report_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Asia/Karachi')::date
$$;
--> statement-breakpoint
-- How the reports name an order line's category, colour and size.
CREATE FUNCTION report_category(category text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(category, ''), 'uncategorized')
$$;
--> statement-breakpoint
CREATE FUNCTION report_color(color text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(color), ''), 'No Color')
$$;
--> statement-breakpoint
CREATE FUNCTION report_size(size text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(size), ''), 'No Size')
$$;
--> statement-breakpoint
-- A customer's latest order is the newest, the smallest id among equally new ones (as the
-- report's `order by created_at desc, id`): true when (at, id) is later than (than_at, than_id).
CREATE FUNCTION report_later(at timestamptz, id uuid, than_at timestamptz, than_id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT id IS NOT NULL AND (than_id IS NULL OR at > than_at OR (at = than_at AND id < than_id))
$$;
--> statement-breakpoint
-- Of a customer's row as stored and one about to be added, the one whose latest order is later:
-- every upsert into report_customers keeps the latest order's details through this.
CREATE FUNCTION report_latest_of(candidate report_customers, stored report_customers) RETURNS report_customers
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN report_later(candidate.last_order, candidate.last_order_id, stored.last_order, stored.last_order_id)
              THEN candidate ELSE stored END
$$;
--> statement-breakpoint
-- Customers whose latest order was deleted, cancelled or edited get it looked up again. The rows
-- are locked first, so the lookup (a new statement, a new snapshot) sees every order committed
-- by a writer that changed the row before us; a writer after us compares against our answer.
CREATE FUNCTION report_refresh_latest(keys text[], ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM report_customers
  WHERE phone_key = ANY (keys) AND last_order_id = ANY (ids)
  ORDER BY phone_key FOR UPDATE;

  UPDATE report_customers r
  SET (last_order, last_order_id, name, phone, email, address, city) = (
    SELECT o.created_at, o.id, o.customer_name, o.customer_phone, o.customer_email, o.shipping_address, o.city
    FROM orders o
    WHERE o.phone_key = r.phone_key AND o.status <> 'cancelled'
    ORDER BY o.created_at DESC, o.id
    LIMIT 1)
  WHERE r.phone_key = ANY (keys) AND r.last_order_id = ANY (ids);
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
        FROM inserted WHERE status <> 'cancelled' GROUP BY phone_key) d
  JOIN (SELECT DISTINCT ON (phone_key) *
        FROM inserted WHERE status <> 'cancelled'
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
-- Any update: each changed order leaves its old (day, status, customer) and joins its new one;
-- net-zero changes (an address edit) write nothing. Items move in or out of the counts only when
-- an order moves in or out of 'cancelled'.
CREATE FUNCTION report_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
        FROM (SELECT phone_key, 1 AS n, total AS amount FROM inserted WHERE status <> 'cancelled'
              UNION ALL
              SELECT phone_key, -1, -total FROM removed WHERE status <> 'cancelled') x
        GROUP BY phone_key) d
  LEFT JOIN (SELECT DISTINCT ON (phone_key) *
             FROM (SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
                   FROM inserted WHERE status <> 'cancelled'
                   EXCEPT
                   SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
                   FROM removed WHERE status <> 'cancelled') c
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
        FROM removed WHERE status <> 'cancelled'
        EXCEPT
        SELECT id, phone_key, created_at, customer_name, customer_phone, customer_email, shipping_address, city
        FROM inserted WHERE status <> 'cancelled') gone;
  IF touched_keys IS NOT NULL THEN
    DELETE FROM report_customers WHERE phone_key = ANY (touched_keys) AND order_count <= 0;
    PERFORM report_refresh_latest(touched_keys, touched_ids);
  END IF;

  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         sum(f.sign), sum(f.sign * i.quantity), sum(f.sign * i.price * i.quantity)
  FROM (SELECT a.id, CASE WHEN a.status <> 'cancelled' THEN 1 ELSE -1 END AS sign
        FROM inserted a JOIN removed b ON b.id = a.id
        WHERE (a.status <> 'cancelled') <> (b.status <> 'cancelled')) f
  JOIN order_items i ON i.order_id = f.id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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
        FROM removed WHERE status <> 'cancelled' GROUP BY phone_key ORDER BY phone_key) d
  WHERE r.phone_key = d.phone_key;

  SELECT array_agg(phone_key), array_agg(id) INTO touched_keys, touched_ids
  FROM removed WHERE status <> 'cancelled';
  IF touched_keys IS NOT NULL THEN
    DELETE FROM report_customers WHERE phone_key = ANY (touched_keys) AND order_count <= 0;
    PERFORM report_refresh_latest(touched_keys, touched_ids);
    -- The cascade has already removed these orders' items; order_items' delete trigger, which
    -- PostgreSQL fires after this one, takes their lines out of the counts.
    INSERT INTO report_deleted_orders (order_id) SELECT id FROM removed WHERE status <> 'cancelled'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         count(*), sum(i.quantity), sum(i.price * i.quantity)
  FROM inserted i JOIN orders o ON o.id = i.order_id
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         sum(i.sign), sum(i.sign * i.quantity), sum(i.sign * i.price * i.quantity)
  FROM (SELECT order_id, product_id, category, color, size, quantity, price, 1 AS sign FROM inserted
        UNION ALL
        SELECT order_id, product_id, category, color, size, quantity, price, -1 FROM removed) i
  JOIN orders o ON o.id = i.order_id
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  HAVING sum(i.sign) <> 0 OR sum(i.sign * i.quantity) <> 0 OR sum(i.sign * i.price * i.quantity) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_id, category, color, size, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Lines of a still-present, counted order, and lines of counted orders deleted by this statement.
CREATE FUNCTION report_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, color, size, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_color(i.color), report_size(i.size), report_slot(),
         -count(*), -sum(i.quantity), -sum(i.price * i.quantity)
  FROM removed i
  WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id AND o.status <> 'cancelled')
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
CREATE FUNCTION report_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_daily_sales;
  DELETE FROM report_customers;
  DELETE FROM report_variant_sales;
  DELETE FROM report_deleted_orders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_items_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_variant_sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes every roll-up from the orders: the backfill below, and the repair after anything
-- that bypassed the triggers (a data-only restore with triggers disabled, session_replication_role).
CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_customers
    (phone_key, order_count, total_spent, last_order, last_order_id, name, phone, email, address, city)
  SELECT a.phone_key, a.orders, a.spent, l.created_at, l.id, l.customer_name, l.customer_phone,
         l.customer_email, l.shipping_address, l.city
  FROM (SELECT phone_key, count(*)::int AS orders, sum(total) AS spent
        FROM orders WHERE status <> 'cancelled' GROUP BY phone_key) a
  JOIN (SELECT DISTINCT ON (phone_key) *
        FROM orders WHERE status <> 'cancelled'
        ORDER BY phone_key, created_at DESC, id) l USING (phone_key);
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_orders_inserted AFTER INSERT ON orders
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_orders_updated();
--> statement-breakpoint
CREATE TRIGGER report_orders_deleted AFTER DELETE ON orders
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_orders_deleted();
--> statement-breakpoint
CREATE TRIGGER report_orders_truncated AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_truncated();
--> statement-breakpoint
CREATE TRIGGER report_items_inserted AFTER INSERT ON order_items
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_items_inserted();
--> statement-breakpoint
CREATE TRIGGER report_items_updated AFTER UPDATE ON order_items
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_items_updated();
--> statement-breakpoint
CREATE TRIGGER report_items_deleted AFTER DELETE ON order_items
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_items_deleted();
--> statement-breakpoint
CREATE TRIGGER report_items_truncated AFTER TRUNCATE ON order_items
FOR EACH STATEMENT EXECUTE FUNCTION report_items_truncated();
--> statement-breakpoint
-- The backfill: after the triggers exist, under report_rebuild's lock, so no order is missed.
SELECT report_rebuild();
