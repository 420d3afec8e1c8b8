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
  FROM order_stock h JOIN orders o ON o.id = h.order_id
  WHERE h.product_id = p_product AND h.size = p_size AND h.color = p_color AND h.held
    AND o.status = 'pending' AND o.source = 'web' AND o.confirmation_state <> 'confirmed';
  RETURN units;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_stock_held_variant_idx" ON "order_stock" ("product_id", "size", "color") WHERE "held";
