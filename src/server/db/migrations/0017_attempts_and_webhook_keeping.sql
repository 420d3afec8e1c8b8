-- The open points of issues 26 and 23.
-- 1. The Overview's failed delivery attempts per city and courier, from a roll-up: each delivery
--    issue carries its order's city key and status (kept by triggers), and the roll-up keeps, per
--    (city, courier, order status), how many parcels had a failed attempt and how many attempts.
-- 2. A courier booking attempt is recorded before the call (courier_attempted_at) and kept after a
--    time-out, so the retry knows which day to look the parcel up at the courier.
-- 3. Webhook deliveries the store cannot read whole are kept (bounded), never only logged.
ALTER TABLE "orders" ADD COLUMN "courier_attempted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD COLUMN "city" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD COLUMN "order_status" text DEFAULT 'shipped' NOT NULL;
--> statement-breakpoint
UPDATE "delivery_issues" d SET "city" = report_city(o."city"), "order_status" = o."status"
FROM "orders" o WHERE o."id" = d."order_id";
--> statement-breakpoint
CREATE TABLE "report_delivery_attempts" (
	"city" text NOT NULL,
	"courier" text NOT NULL,
	"status" text NOT NULL,
	"parcels" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_delivery_attempts_pk" PRIMARY KEY("city","courier","status")
);
--> statement-breakpoint
CREATE FUNCTION report_attempts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE delivery_issues IN SHARE MODE;
  DELETE FROM report_delivery_attempts;
  INSERT INTO report_delivery_attempts (city, courier, status, parcels, attempts)
  SELECT city, courier, order_status, count(*), sum(attempts) FROM delivery_issues GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
SELECT report_attempts_rebuild();
--> statement-breakpoint
-- A new issue takes its order's city and status; later changes of either follow the order.
CREATE FUNCTION delivery_issue_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT report_city(o.city), o.status INTO NEW.city, NEW.order_status FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER delivery_issue_order BEFORE INSERT ON delivery_issues
FOR EACH ROW EXECUTE FUNCTION delivery_issue_order();
--> statement-breakpoint
CREATE FUNCTION delivery_issue_follows_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE delivery_issues SET city = report_city(NEW.city), order_status = NEW.status
  WHERE order_id = NEW.id AND (city, order_status) IS DISTINCT FROM (report_city(NEW.city), NEW.status);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER delivery_issue_follows_order AFTER UPDATE OF status, city ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.city IS DISTINCT FROM NEW.city)
EXECUTE FUNCTION delivery_issue_follows_order();
--> statement-breakpoint
-- The roll-up: rows leaving and joining, netted per key, upserted in key order.
CREATE FUNCTION report_attempts_add(city text, courier text, status text, parcels bigint, attempts bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_delivery_attempts AS r (city, courier, status, parcels, attempts)
  VALUES (city, courier, status, parcels, attempts)
  ON CONFLICT (city, courier, status) DO UPDATE
  SET parcels = r.parcels + excluded.parcels, attempts = r.attempts + excluded.attempts
$$;
--> statement-breakpoint
CREATE FUNCTION report_attempts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_attempts_add(city, courier, order_status, count(*), sum(attempts))
  FROM inserted GROUP BY city, courier, order_status ORDER BY city, courier, order_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_attempts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_attempts_add(city, courier, status, sum(p), sum(a))
  FROM (SELECT city, courier, order_status AS status, 1 AS p, attempts AS a FROM inserted
        UNION ALL
        SELECT city, courier, order_status, -1, -attempts FROM removed) d
  GROUP BY city, courier, status HAVING sum(p) <> 0 OR sum(a) <> 0
  ORDER BY city, courier, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_attempts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_attempts_add(city, courier, order_status, -count(*), -sum(attempts))
  FROM removed GROUP BY city, courier, order_status ORDER BY city, courier, order_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_attempts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_delivery_attempts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_attempts_inserted AFTER INSERT ON delivery_issues
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_attempts_inserted();
--> statement-breakpoint
CREATE TRIGGER report_attempts_updated AFTER UPDATE ON delivery_issues
REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION report_attempts_updated();
--> statement-breakpoint
CREATE TRIGGER report_attempts_deleted AFTER DELETE ON delivery_issues
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION report_attempts_deleted();
--> statement-breakpoint
CREATE TRIGGER report_attempts_truncated AFTER TRUNCATE ON delivery_issues
FOR EACH STATEMENT EXECUTE FUNCTION report_attempts_truncated();
--> statement-breakpoint
CREATE TABLE "whatsapp_unknown_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest" text NOT NULL,
	"what" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_unknown_deliveries_digest_idx" ON "whatsapp_unknown_deliveries" USING btree ("digest");
--> statement-breakpoint
-- 4. Meta's webhook deliveries are recorded as they arrive and handled after the answer, in order,
--    by one app server at a time (the job runner's queue lease); a delivery whose handling failed
--    stays, with its error, and is tried again later.
CREATE TABLE "whatsapp_webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_inbox_due_idx" ON "whatsapp_webhook_inbox" USING btree ("next_at","id");
