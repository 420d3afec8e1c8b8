-- Win back lost sales on WhatsApp (issue 42, decision 041): back-in-stock requests, saved
-- (abandoned) checkouts with their restore tokens, marketing opt-outs, and why an order's
-- confirmation is held.
ALTER TABLE "orders" ADD COLUMN "confirmation_hold_reason" text;
--> statement-breakpoint
-- A phone that said STOP (or pressed the opt-out button): no marketing ever again.
CREATE TABLE "marketing_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One shopper's wish to hear when a sold-out variant is back. `due` once the variant's units came
-- back (the trigger below; due_at null: at once, else not before); `notified` once messaged; `lapsed` after 60 days.
CREATE TABLE "back_in_stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"variant_id" integer NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"network" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"wa_message_id" text,
	CONSTRAINT "back_in_stock_state_check" CHECK ("state" in ('waiting', 'due', 'notified', 'lapsed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_idx" ON "back_in_stock_requests" ("variant_id", "phone")
	WHERE "state" in ('waiting', 'due');
--> statement-breakpoint
CREATE INDEX "back_in_stock_variant_idx" ON "back_in_stock_requests" ("variant_id", "state", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "back_in_stock_product_idx" ON "back_in_stock_requests" ("product_id");
--> statement-breakpoint
CREATE INDEX "back_in_stock_due_idx" ON "back_in_stock_requests" ("id") WHERE "state" = 'due';
--> statement-breakpoint
CREATE INDEX "back_in_stock_phone_idx" ON "back_in_stock_requests" ("phone", "created_at");
--> statement-breakpoint
-- A checkout the shopper asked to be reminded of: the cart's lines kept with the phone, and the
-- token of the link that restores them on any device (7 days).
CREATE TABLE "saved_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"session_id" text NOT NULL,
	"phone" text NOT NULL,
	"phone_key" text NOT NULL,
	"network" text,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"state" text DEFAULT 'saved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL,
	"first_sent_at" timestamp with time zone,
	"second_sent_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"stop_reason" text,
	CONSTRAINT "saved_checkouts_state_check" CHECK ("state" in ('saved', 'messaged', 'stopped', 'done'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_checkouts_token_idx" ON "saved_checkouts" ("token");
--> statement-breakpoint
CREATE INDEX "saved_checkouts_due_idx" ON "saved_checkouts" ("due_at") WHERE "state" in ('saved', 'messaged');
--> statement-breakpoint
CREATE INDEX "saved_checkouts_phone_idx" ON "saved_checkouts" ("phone_key", "created_at");
--> statement-breakpoint
-- The number's daily count reads the messages sent in the last 24 hours.
CREATE INDEX "whatsapp_messages_out_recent_idx" ON "whatsapp_messages" ("created_at") WHERE "direction" = 'out';
--> statement-breakpoint
-- Decided where the count changes (issue 42): whatever path gives a sold-out variant units again
-- (a stock edit, an import, a restocked return, a cancellation, a released hold), its waiting
-- requests become due, oldest first, `back_in_stock_per_unit` (setting, default 3) for each unit
-- that came back, in the same transaction. The WhatsApp marketing queue sends them after. A stock
-- row names its variant (migration 0023), or is found by its size and colour.
CREATE FUNCTION back_in_stock_wake() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  variant integer;
  per_unit integer;
BEGIN
  IF NEW.quantity <= 0 OR (TG_OP = 'UPDATE' AND OLD.quantity > 0) THEN
    RETURN NULL;
  END IF;
  variant := coalesce(NEW.variant_id, (SELECT v.id FROM product_variants v
    WHERE v.product_id = NEW.product_id AND v.size = NEW.size AND v.color = NEW.color ORDER BY v.id LIMIT 1));
  IF variant IS NULL OR NOT EXISTS (SELECT 1 FROM back_in_stock_requests r
      WHERE r.variant_id = variant AND r.state = 'waiting') THEN
    RETURN NULL;
  END IF;
  SELECT nullif(trim(both '"' from s.value::text), '')::int INTO per_unit
    FROM settings s WHERE s.key = 'back_in_stock_per_unit';
  UPDATE back_in_stock_requests SET state = 'due', due_at = NULL
  WHERE id IN (SELECT r.id FROM back_in_stock_requests r WHERE r.variant_id = variant AND r.state = 'waiting'
    ORDER BY r.created_at, r.id LIMIT NEW.quantity * coalesce(per_unit, 3));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER back_in_stock_wake AFTER INSERT OR UPDATE OF quantity ON product_stock
FOR EACH ROW EXECUTE FUNCTION back_in_stock_wake();
--> statement-breakpoint
-- A product put back on sale by hand (in stock again, stock not counted): every waiting request of it is due.
CREATE FUNCTION back_in_stock_product_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.in_stock AND NOT OLD.in_stock AND NOT NEW.track_stock THEN
    UPDATE back_in_stock_requests SET state = 'due', due_at = NULL
    WHERE product_id = NEW.id AND state = 'waiting';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER back_in_stock_product_back AFTER UPDATE OF in_stock ON products
FOR EACH ROW EXECUTE FUNCTION back_in_stock_product_back();
