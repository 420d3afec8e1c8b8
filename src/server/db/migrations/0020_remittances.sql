-- Courier remittances (issue 27, decision 028): what each courier paid for each parcel, the flags
-- the owner settles with the courier, and summaries the Remittances page reads instead of orders.

-- Payments are matched to orders by tracking number; the unpaid sweep walks delivery times.
CREATE INDEX IF NOT EXISTS "orders_tracking_number_idx" ON "orders" ("tracking_number") WHERE "tracking_number" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_delivered_at_idx" ON "orders" ("delivered_at") WHERE "status" = 'delivered';
--> statement-breakpoint
CREATE TABLE "remittance_mappings" (
  "courier" text PRIMARY KEY,
  "mapping" jsonb NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "remittance_imports" (
  "id" serial PRIMARY KEY,
  "courier" text NOT NULL,
  "file_name" text NOT NULL,
  "rows" integer NOT NULL,
  "matched" integer NOT NULL,
  "unmatched" integer NOT NULL,
  "duplicates" integer NOT NULL,
  "actor" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "remittance_payments" (
  "id" bigserial PRIMARY KEY,
  "courier" text NOT NULL,
  "tracking_number" text NOT NULL,
  -- No foreign key to orders: its check would lock the order row while payments are recorded under
  -- the payments lock, which a delivery (holding that row) waits for: a deadlock (decision 028).
  "order_id" uuid,
  "amount" numeric(12, 2) NOT NULL,
  "charges" numeric(12, 2) NOT NULL DEFAULT 0,
  "tax" numeric(12, 2) NOT NULL DEFAULT 0,
  "paid_at" timestamptz NOT NULL,
  "reference" text,
  "source" text NOT NULL CONSTRAINT "remittance_payments_source_check" CHECK ("source" IN ('sheet', 'api')),
  -- What makes a row of a sheet (or a courier's answer) the same payment again: re-imports record nothing twice.
  "payment_key" text NOT NULL UNIQUE,
  -- The parcel's one payment that counts in the summaries; a second one is flagged 'duplicate'.
  "counted" boolean NOT NULL,
  -- The import that recorded it (no foreign key: a check per row of a 50,000-row sheet, for a log).
  "import_id" integer,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_payments_counted_idx" ON "remittance_payments" ("order_id") WHERE "counted";
--> statement-breakpoint
CREATE INDEX "remittance_payments_order_idx" ON "remittance_payments" ("order_id");
--> statement-breakpoint
CREATE TABLE "remittance_flags" (
  "id" bigserial PRIMARY KEY,
  "courier" text NOT NULL,
  "kind" text NOT NULL CONSTRAINT "remittance_flags_kind_check"
    CHECK ("kind" IN ('unpaid', 'short', 'paid_not_delivered', 'unknown', 'duplicate')),
  "order_id" uuid,
  "tracking_number" text NOT NULL,
  "payment_id" bigint REFERENCES "remittance_payments"("id") ON DELETE CASCADE,
  "expected" numeric(12, 2),
  "received" numeric(12, 2),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "resolved_at" timestamptz,
  "resolved_by" text,
  "note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_flags_once_idx"
  ON "remittance_flags" ("kind", "courier", "tracking_number", coalesce("payment_id", 0));
--> statement-breakpoint
CREATE INDEX "remittance_flags_open_idx" ON "remittance_flags" ("id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "remittance_flags_order_idx" ON "remittance_flags" ("order_id");
--> statement-breakpoint
-- A payment closes its parcel's open 'unpaid' flag: found through this.
CREATE INDEX "remittance_flags_unpaid_idx" ON "remittance_flags" ("order_id") WHERE "kind" = 'unpaid' AND "resolved_at" IS NULL;
--> statement-breakpoint
-- Per courier and store-local week (Monday): the COD of parcels delivered that week, and what was
-- paid for delivered parcels in the week it was paid. Totals are sums over a few hundred rows.
CREATE TABLE "remittance_weeks" (
  "courier" text NOT NULL,
  "week" date NOT NULL,
  "expected" numeric(14, 2) NOT NULL DEFAULT 0,
  "received" numeric(14, 2) NOT NULL DEFAULT 0,
  "charges" numeric(14, 2) NOT NULL DEFAULT 0,
  "tax" numeric(14, 2) NOT NULL DEFAULT 0,
  "parcels" integer NOT NULL DEFAULT 0,
  "paid_parcels" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("courier", "week")
);
--> statement-breakpoint
-- Delivered parcels with no payment yet, per courier and store-local day of delivery (the aging).
CREATE TABLE "remittance_unpaid_days" (
  "courier" text NOT NULL,
  "day" date NOT NULL,
  "parcels" integer NOT NULL DEFAULT 0,
  "amount" numeric(14, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY ("courier", "day")
);
--> statement-breakpoint
-- Parcels delivered before this time have had their 'unpaid' flags made (the sweep's watermark).
CREATE TABLE "remittance_sweep" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "flagged_before" timestamptz NOT NULL DEFAULT '-infinity'
);
--> statement-breakpoint
INSERT INTO "remittance_sweep" ("id") VALUES (1);
--> statement-breakpoint
CREATE FUNCTION remittance_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Asia/Karachi')::date
$$;
--> statement-breakpoint
CREATE FUNCTION remittance_week(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'Asia/Karachi')::date
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) what delivered orders count in the summaries: their COD in
-- the week of delivery, their counted payment in the week it was paid, or, unpaid, their day of
-- delivery. The caller decides when an order counts (it entered or left 'delivered').
CREATE FUNCTION remittance_apply_orders(ids uuid[], sign integer) RETURNS void LANGUAGE sql AS $$
  WITH p AS (
    SELECT o.courier, o.delivered_at, coalesce(o.cod_amount, o.total) AS expected,
      pay.amount, pay.charges, pay.tax, pay.paid_at
    FROM orders o
    LEFT JOIN remittance_payments pay ON pay.order_id = o.id AND pay.counted
    WHERE o.id = ANY(ids) AND o.courier IS NOT NULL AND o.delivered_at IS NOT NULL
  ),
  deltas AS (
    SELECT courier, remittance_week(delivered_at) AS week, expected, 0::numeric AS received,
      0::numeric AS charges, 0::numeric AS tax, 1 AS parcels, 0 AS paid_parcels
    FROM p
    UNION ALL
    SELECT courier, remittance_week(paid_at), 0, amount, charges, tax, 0, 1 FROM p WHERE amount IS NOT NULL
  ),
  weeks AS (
    INSERT INTO remittance_weeks AS w (courier, week, expected, received, charges, tax, parcels, paid_parcels)
    SELECT courier, week, sign * sum(expected), sign * sum(received), sign * sum(charges), sign * sum(tax),
      sign * sum(parcels), sign * sum(paid_parcels)
    FROM deltas GROUP BY courier, week ORDER BY courier, week
    ON CONFLICT (courier, week) DO UPDATE SET
      expected = w.expected + excluded.expected, received = w.received + excluded.received,
      charges = w.charges + excluded.charges, tax = w.tax + excluded.tax,
      parcels = w.parcels + excluded.parcels, paid_parcels = w.paid_parcels + excluded.paid_parcels
  )
  INSERT INTO remittance_unpaid_days AS u (courier, day, parcels, amount)
  SELECT courier, remittance_day(delivered_at), sign * count(*), sign * sum(expected)
  FROM p WHERE amount IS NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (courier, day) DO UPDATE SET parcels = u.parcels + excluded.parcels, amount = u.amount + excluded.amount
$$;
--> statement-breakpoint
-- Adds (1) or takes out (-1) counted payments of orders that are delivered: received in the week
-- paid, and the parcel leaves (or rejoins) its day's unpaid count.
CREATE FUNCTION remittance_apply_payments(ids bigint[], sign integer) RETURNS void LANGUAGE sql AS $$
  WITH p AS (
    SELECT o.courier, o.delivered_at, coalesce(o.cod_amount, o.total) AS expected,
      pay.amount, pay.charges, pay.tax, pay.paid_at
    FROM remittance_payments pay
    JOIN orders o ON o.id = pay.order_id
    WHERE pay.id = ANY(ids) AND pay.counted AND o.status = 'delivered'
      AND o.courier IS NOT NULL AND o.delivered_at IS NOT NULL
  ),
  weeks AS (
    INSERT INTO remittance_weeks AS w (courier, week, received, charges, tax, paid_parcels)
    SELECT courier, remittance_week(paid_at), sign * sum(amount), sign * sum(charges), sign * sum(tax), sign * count(*)
    FROM p GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (courier, week) DO UPDATE SET
      received = w.received + excluded.received, charges = w.charges + excluded.charges,
      tax = w.tax + excluded.tax, paid_parcels = w.paid_parcels + excluded.paid_parcels
  )
  INSERT INTO remittance_unpaid_days AS u (courier, day, parcels, amount)
  SELECT courier, remittance_day(delivered_at), -sign * count(*), -sign * sum(expected)
  FROM p GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (courier, day) DO UPDATE SET parcels = u.parcels + excluded.parcels, amount = u.amount + excluded.amount
$$;
--> statement-breakpoint
-- Recomputes the summaries from the orders and payments (the backfill, and the repair after
-- anything that wrote orders without the order core: a bulk load, a restore without triggers).
CREATE FUNCTION remittance_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM remittance_weeks;
  DELETE FROM remittance_unpaid_days;
  SELECT remittance_apply_orders(array(SELECT id FROM orders WHERE status = 'delivered'), 1);
$$;
--> statement-breakpoint
SELECT remittance_rebuild();
--> statement-breakpoint
-- When the courier's payment call was last asked about a parcel: the pull asks the others first.
CREATE TABLE "remittance_api_asks" (
  "order_id" uuid PRIMARY KEY REFERENCES "orders"("id") ON DELETE CASCADE,
  "asked_at" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX "remittance_flags_resolved_idx" ON "remittance_flags" ("resolved_at") WHERE "resolved_at" IS NOT NULL;
