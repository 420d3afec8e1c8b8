-- Guarding the shop's number and its stock (decision 012).
-- `held`: a web order that is not messaged automatically and waits for an agent.
ALTER TABLE "orders" DROP CONSTRAINT "orders_confirmation_state_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_state_check"
  CHECK ("confirmation_state" in ('off', 'queued', 'sent', 'delivered', 'read', 'confirmed', 'cancelled', 'failed', 'expired', 'held'));
--> statement-breakpoint
-- An agent asked for this order's confirmation request (a resend): the outbox's automatic limits
-- (high risk, two requests per phone a day) no longer hold it back.
ALTER TABLE "orders" ADD COLUMN "confirmation_by_agent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- When an unconfirmed web order gave its units back at its confirmation's expiry; it gives them
-- back once, and an agent moving it on takes them again (stock_follow_status below).
ALTER TABLE "orders" ADD COLUMN "stock_released_at" timestamp with time zone;
--> statement-breakpoint
-- Units of counted stock that unconfirmed web orders took per phone and per network per day
-- (Pakistan's day), checked and counted by order placement's own statement.
CREATE TABLE "online_stock_budget" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "online_stock_budget_pk" PRIMARY KEY ("scope", "key", "day"),
	CONSTRAINT "online_stock_budget_scope_check" CHECK ("scope" in ('phone', 'network'))
);
--> statement-breakpoint
CREATE INDEX "online_stock_budget_day_idx" ON "online_stock_budget" ("day");
--> statement-breakpoint
-- As migration 0005's, plus: an order outside the releasing statuses and past `pending` holds
-- every unit it ordered. A pending order may hold fewer (a high-risk order that set no scarce
-- units aside, or one whose units were released at expiry); moving it on takes them again, all
-- lines or none, refused with 23514 when any falls short.
CREATE OR REPLACE FUNCTION stock_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  releasing text[] := stock_releasing_statuses();
  wanted int;
  taken int;
BEGIN
  IF NEW.status = ANY(releasing) AND NOT OLD.status = ANY(releasing) THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (product_id, size, color)
    WHERE o.order_id = NEW.id AND o.held ORDER BY s.product_id, s.size, s.color FOR UPDATE OF s;
    WITH released AS (
      UPDATE order_stock SET held = false WHERE order_id = NEW.id AND held
      RETURNING product_id, size, color, quantity
    )
    UPDATE product_stock s SET quantity = s.quantity + r.quantity
    FROM released r WHERE s.product_id = r.product_id AND s.size = r.size AND s.color = r.color;
  ELSIF NOT NEW.status = ANY(releasing) AND (OLD.status = ANY(releasing) OR NEW.status <> 'pending') THEN
    PERFORM 1 FROM product_stock s JOIN order_stock o USING (product_id, size, color)
    WHERE o.order_id = NEW.id AND NOT o.held ORDER BY s.product_id, s.size, s.color FOR UPDATE OF s;
    SELECT count(*) INTO wanted FROM order_stock WHERE order_id = NEW.id AND NOT held;
    IF wanted = 0 THEN
      RETURN NULL;
    END IF;
    WITH retaken AS (
      UPDATE product_stock s SET quantity = s.quantity - o.quantity
      FROM order_stock o
      WHERE o.order_id = NEW.id AND NOT o.held AND s.product_id = o.product_id AND s.size = o.size
        AND s.color = o.color AND s.quantity >= o.quantity
      RETURNING 1
    )
    SELECT count(*) INTO taken FROM retaken;
    IF taken < wanted THEN
      RAISE EXCEPTION 'not enough stock to move order %', NEW.id USING ERRCODE = '23514';
    END IF;
    UPDATE order_stock SET held = true WHERE order_id = NEW.id AND NOT held;
  END IF;
  RETURN NULL;
END
$$;
