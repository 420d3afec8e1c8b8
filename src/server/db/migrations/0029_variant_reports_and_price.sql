-- Issue 40's gaps (decision 038, follow-up): the sales roll-up is keyed by the variant sold, and a
-- product's shown price follows its variants' counts when a sale, a cancellation or a return
-- changes them.
--
-- 1. report_variant_sales: (product_id, category, color, size) becomes (product_id, category,
--    options). `options` is what names the variant sold: the order line's options, or for a line
--    recorded without them its size and colour as {Size, Color} (empty ones left out; '{}' is a
--    product without options). Every amount is kept: the rows are counted again from the order
--    lines by variant, and whatever the old rows held beyond that recount (nothing, when the
--    roll-up matched the orders) stays, under the options its size and colour name.
CREATE FUNCTION report_variant(options jsonb, size text, color text) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN options IS NOT NULL AND options <> '{}'::jsonb THEN options
              ELSE jsonb_strip_nulls(jsonb_build_object('Size', nullif(trim(size), ''), 'Color', nullif(trim(color), '')))
         END
$$;
--> statement-breakpoint
LOCK TABLE orders, order_items, report_variant_sales IN SHARE MODE;
--> statement-breakpoint
CREATE TEMPORARY TABLE report_variant_sales_0029 ON COMMIT DROP AS
WITH recount_old AS (
  SELECT i.product_id, report_category(i.category) AS category, report_color(i.color) AS color,
         report_size(i.size) AS size, count(*)::bigint AS lines, sum(i.quantity)::bigint AS quantity,
         sum(i.price * i.quantity) AS revenue
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3, 4
),
kept AS (
  SELECT product_id, category, color, size, sum(lines)::bigint AS lines, sum(quantity)::bigint AS quantity,
         sum(revenue) AS revenue
  FROM report_variant_sales GROUP BY 1, 2, 3, 4
),
residual AS (
  SELECT k.product_id, k.category,
         jsonb_strip_nulls(jsonb_build_object('Size', nullif(k.size, 'No Size'), 'Color', nullif(k.color, 'No Color'))) AS options,
         k.lines - coalesce(r.lines, 0) AS lines, k.quantity - coalesce(r.quantity, 0) AS quantity,
         k.revenue - coalesce(r.revenue, 0) AS revenue
  FROM kept k LEFT JOIN recount_old r USING (product_id, category, color, size)
  UNION ALL
  SELECT r.product_id, r.category,
         jsonb_strip_nulls(jsonb_build_object('Size', nullif(r.size, 'No Size'), 'Color', nullif(r.color, 'No Color'))),
         -r.lines, -r.quantity, -r.revenue
  FROM recount_old r WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE (k.product_id, k.category, k.color, k.size)
                                                                  = (r.product_id, r.category, r.color, r.size))
),
recount AS (
  SELECT i.product_id, report_category(i.category) AS category, report_variant(i.options, i.size, i.color) AS options,
         count(*)::bigint AS lines, sum(i.quantity)::bigint AS quantity, sum(i.price * i.quantity) AS revenue
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3
)
SELECT product_id, category, options, sum(lines)::int AS lines, sum(quantity)::bigint AS quantity, sum(revenue) AS revenue
FROM (SELECT * FROM recount
      UNION ALL
      SELECT * FROM residual WHERE lines <> 0 OR quantity <> 0 OR revenue <> 0) x
GROUP BY 1, 2, 3;
--> statement-breakpoint
DELETE FROM report_variant_sales;
--> statement-breakpoint
ALTER TABLE report_variant_sales DROP CONSTRAINT report_variant_sales_pk;
--> statement-breakpoint
ALTER TABLE report_variant_sales DROP COLUMN color, DROP COLUMN size, ADD COLUMN options jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
ALTER TABLE report_variant_sales ALTER COLUMN options DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE report_variant_sales ADD CONSTRAINT report_variant_sales_pk PRIMARY KEY (product_id, category, options, slot);
--> statement-breakpoint
INSERT INTO report_variant_sales (product_id, category, options, slot, lines, quantity, revenue)
SELECT product_id, category, options, 0, lines, quantity, revenue FROM report_variant_sales_0029;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched_keys text[];
  touched_ids uuid[];
BEGIN
  PERFORM report_add_daily(1, day, status, n, revenue, goods, discount, sale_discount, delivery_fees, cod_fees)
  FROM (SELECT day, status, sum(n) AS n, sum(total) AS revenue, sum(subtotal) AS goods, sum(discount) AS discount,
               sum(sale_discount) AS sale_discount, sum(delivery_fee) AS delivery_fees, sum(cod_fee) AS cod_fees
        FROM (SELECT report_day(created_at) AS day, status, 1 AS n, total, subtotal, discount, sale_discount,
                     delivery_fee, cod_fee FROM inserted
              UNION ALL
              SELECT report_day(created_at), status, -1, -total, -subtotal, -discount, -sale_discount,
                     -delivery_fee, -cod_fee FROM removed) x
        GROUP BY day, status
        HAVING sum(n) <> 0 OR sum(total) <> 0 OR sum(subtotal) <> 0 OR sum(discount) <> 0 OR sum(sale_discount) <> 0
            OR sum(delivery_fee) <> 0 OR sum(cod_fee) <> 0
        ORDER BY day, status) d;

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

  INSERT INTO report_variant_sales AS r (product_id, category, options, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_variant(i.options, i.size, i.color), report_slot(),
         sum(f.sign), sum(f.sign * i.quantity), sum(f.sign * i.price * i.quantity)
  FROM (SELECT a.id, CASE WHEN report_counted(a.status) THEN 1 ELSE -1 END AS sign
        FROM inserted a JOIN removed b ON b.id = a.id
        WHERE (report_counted(a.status)) <> (report_counted(b.status))) f
  JOIN order_items i ON i.order_id = f.id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (product_id, category, options, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, options, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_variant(i.options, i.size, i.color), report_slot(),
         count(*), sum(i.quantity), sum(i.price * i.quantity)
  FROM inserted i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (product_id, category, options, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, options, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_variant(i.options, i.size, i.color), report_slot(),
         sum(i.sign), sum(i.sign * i.quantity), sum(i.sign * i.price * i.quantity)
  FROM (SELECT order_id, product_id, category, options, color, size, quantity, price, 1 AS sign FROM inserted
        UNION ALL
        SELECT order_id, product_id, category, options, color, size, quantity, price, -1 FROM removed) i
  JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3
  HAVING sum(i.sign) <> 0 OR sum(i.sign * i.quantity) <> 0 OR sum(i.sign * i.price * i.quantity) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (product_id, category, options, slot) DO UPDATE
  SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_variant_sales AS r (product_id, category, options, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_variant(i.options, i.size, i.color), report_slot(),
         -count(*), -sum(i.quantity), -sum(i.price * i.quantity)
  FROM removed i
  WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id AND report_counted(o.status))
     OR EXISTS (SELECT 1 FROM report_deleted_orders d WHERE d.order_id = i.order_id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (product_id, category, options, slot) DO UPDATE
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

  INSERT INTO report_daily_sales (day, status, slot, orders, revenue, goods, discount, sale_discount, delivery_fees, cod_fees)
  SELECT report_day(created_at), status, 0, count(*), sum(total), sum(subtotal), sum(discount), sum(sale_discount),
         sum(delivery_fee), sum(cod_fee)
  FROM orders GROUP BY 1, 2;

  INSERT INTO report_variant_sales (product_id, category, options, slot, lines, quantity, revenue)
  SELECT i.product_id, report_category(i.category), report_variant(i.options, i.size, i.color), 0,
         count(*), sum(i.quantity), sum(i.price * i.quantity)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE report_counted(o.status)
  GROUP BY 1, 2, 3;

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
-- 2. products.price / original_price are the cheapest available variant's (decision 038). Saves
--    set them (refreshProductPrice calls this function); a change of counts that makes a variant
--    sell out or come back (a sale's last unit, a cancellation, a return, a hold let go) sets them
--    here, in the statement that changed the counts. A product row is written only when its price
--    really changes, so other orders of the product are not held up by it (decision 038, follow-up).
CREATE FUNCTION product_refresh_price(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET price = c.price, original_price = c.original_price
  FROM (SELECT DISTINCT ON (v.product_id) v.product_id, v.price, v.original_price
        FROM product_variants v
        JOIN products pp ON pp.id = v.product_id
        LEFT JOIN product_stock s ON s.variant_id = v.id
        WHERE v.product_id = ANY (ids)
        ORDER BY v.product_id,
                 (coalesce((pp.color_variant_stock ->> v.color)::boolean, true)
                  AND (NOT pp.track_stock OR coalesce(s.quantity, 0) > 0)) DESC,
                 v.price, v.position) c
  WHERE p.id = c.product_id AND (p.price, p.original_price) IS DISTINCT FROM (c.price, c.original_price)
$$;
--> statement-breakpoint
CREATE FUNCTION product_stock_price_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  crossed int[];
BEGIN
  SELECT array_agg(DISTINCT a.product_id ORDER BY a.product_id) INTO crossed
  FROM inserted a JOIN removed b ON b.variant_id = a.variant_id
  WHERE (a.quantity > 0) <> (b.quantity > 0);
  IF crossed IS NOT NULL THEN
    PERFORM product_refresh_price(crossed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_price_follows AFTER UPDATE ON product_stock
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_stock_price_follows();
