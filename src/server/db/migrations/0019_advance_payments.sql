-- Advance payments (issue 25, decision 027): what an order owes before it ships, what was paid,
-- and the shopper's proof. cod_amount becomes total − advance_paid when an advance is paid.
ALTER TABLE "orders" ADD COLUMN "advance_amount" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_paid" numeric(12, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_status" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_method" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_reference" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_proof" uuid REFERENCES "images"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_advance_status_check" CHECK ("advance_status" in ('none', 'due', 'submitted', 'paid', 'rejected'));
--> statement-breakpoint
CREATE INDEX "orders_advance_idx" ON "orders" ("advance_status", "created_at") WHERE "advance_status" <> 'none';
--> statement-breakpoint
CREATE TABLE "advance_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "advance_payments_reference_key" ON "advance_payments" ("source", "reference") WHERE "reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "advance_payments_created_idx" ON "advance_payments" ("created_at");
--> statement-breakpoint
CREATE INDEX "advance_payments_order_idx" ON "advance_payments" ("order_id");
