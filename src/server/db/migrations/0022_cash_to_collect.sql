-- The cash the rider collects is what is left of the order's total once its advance is paid, and
-- the database says so itself: cod_amount becomes a generated column (issue 39), never null, written
-- nowhere else. Every order keeps its amount: older orders' null meant the whole total, which is
-- what total − advance_paid is for them. The guard below refuses the migration, changing nothing,
-- should any order's stored amount differ from that.
DO $$
DECLARE
  differing integer;
BEGIN
  SELECT count(*) INTO differing FROM orders WHERE coalesce(cod_amount, total) <> total - advance_paid;
  IF differing > 0 THEN
    RAISE EXCEPTION '% orders have a cash to collect other than their total minus the advance paid. List them with: select id, total, advance_paid, cod_amount from orders where coalesce(cod_amount, total) <> total - advance_paid; correct their advance_paid, then start the store again', differing;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cod_amount";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_amount" numeric(12, 2) GENERATED ALWAYS AS ("total" - "advance_paid") STORED NOT NULL;
