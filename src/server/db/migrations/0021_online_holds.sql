-- What unconfirmed web orders hold of one size × colour (issue 38 L3, decision 034): placement's
-- statement caps it at half the units on sale. The statement locks the variant's stock row first;
-- this function is VOLATILE, so under READ COMMITTED its query takes a snapshot of its own after
-- that lock and counts every order that held the row before (the statement's own snapshot, taken
-- before waiting for the lock, would miss them). The same "unconfirmed" as the expiry release.
CREATE FUNCTION online_units_held(p_product integer, p_size text, p_color text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  units integer;
BEGIN
  SELECT coalesce(sum(h.quantity), 0)::int INTO units
  FROM orders o
  JOIN order_stock h ON h.order_id = o.id AND h.product_id = p_product AND h.size = p_size AND h.color = p_color
  WHERE o.status = 'pending' AND o.source = 'web' AND o.confirmation_state <> 'confirmed'
    AND o.stock_released_at IS NULL AND h.held;
  RETURN units;
END $$;
--> statement-breakpoint
-- The orders that may hold units unconfirmed: the backlog agents work through, small whatever the
-- shop's history (order_stock's lines stay `held` after delivery, so counting from there would
-- read every unit a variant ever sold).
CREATE INDEX IF NOT EXISTS "orders_unconfirmed_web_idx" ON "orders" ("id")
  WHERE "status" = 'pending' AND "source" = 'web' AND "confirmation_state" <> 'confirmed' AND "stock_released_at" IS NULL;
