-- Issue 24's rest (decision 024): what an automatic sale took off, kept on the order and its lines,
-- and the reports' daily roll-up keeping goods, discounts and fees apart. `revenue` keeps its
-- meaning (the orders' totals: what shoppers pay, as SPEC.md's Total Revenue); the new columns
-- split it: revenue = goods - discount + delivery_fees + cod_fees, where goods is the subtotal at
-- the prices sold (sale prices) and sale_discount what the sales took off the regular prices.
ALTER TABLE "orders" ADD COLUMN "sale_discount" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- A line sold under an automatic sale: its regular unit price and the sale that set its price.
ALTER TABLE "order_items" ADD COLUMN "regular_price" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_id" integer REFERENCES "discounts"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "order_items_sale_idx" ON "order_items" ("sale_id", "order_id") WHERE "sale_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD COLUMN "goods" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD COLUMN "discount" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD COLUMN "sale_discount" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD COLUMN "delivery_fees" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD COLUMN "cod_fees" numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One signed day's figures from a transition table, for the three triggers below.
CREATE FUNCTION report_add_daily(sign int, changed_day date, changed_status text, n bigint, revenue numeric,
  goods numeric, discount numeric, sale_discount numeric, delivery_fees numeric, cod_fees numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily_sales AS r (day, status, slot, orders, revenue, goods, discount, sale_discount, delivery_fees, cod_fees)
  VALUES (changed_day, changed_status, report_slot(), sign * n, sign * revenue, sign * goods, sign * discount,
          sign * sale_discount, sign * delivery_fees, sign * cod_fees)
  ON CONFLICT (day, status, slot) DO UPDATE
  SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue, goods = r.goods + excluded.goods,
      discount = r.discount + excluded.discount, sale_discount = r.sale_discount + excluded.sale_discount,
      delivery_fees = r.delivery_fees + excluded.delivery_fees, cod_fees = r.cod_fees + excluded.cod_fees
$$;
--> statement-breakpoint
-- The 0007 functions, with the daily roll-up's new columns (the customers' part is unchanged).
CREATE OR REPLACE FUNCTION report_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_add_daily(1, day, status, n, revenue, goods, discount, sale_discount, delivery_fees, cod_fees)
  FROM (SELECT report_day(created_at) AS day, status, count(*) AS n, sum(total) AS revenue, sum(subtotal) AS goods,
               sum(discount) AS discount, sum(sale_discount) AS sale_discount, sum(delivery_fee) AS delivery_fees,
               sum(cod_fee) AS cod_fees
        FROM inserted GROUP BY 1, 2 ORDER BY 1, 2) d;

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
  RETURN NULL;
END
$$;
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
  PERFORM report_add_daily(-1, day, status, n, revenue, goods, discount, sale_discount, delivery_fees, cod_fees)
  FROM (SELECT report_day(created_at) AS day, status, count(*) AS n, sum(total) AS revenue, sum(subtotal) AS goods,
               sum(discount) AS discount, sum(sale_discount) AS sale_discount, sum(delivery_fee) AS delivery_fees,
               sum(cod_fee) AS cod_fees
        FROM removed GROUP BY 1, 2 ORDER BY 1, 2) d;

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
-- The backfill of the new columns, under report_rebuild's lock.
SELECT report_rebuild();
