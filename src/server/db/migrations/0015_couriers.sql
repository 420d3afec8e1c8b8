-- Two couriers and failed delivery attempts (issue 26). The courier's own words for each parcel
-- (the latest on the order, every one on its timeline), and the open issue when a rider could not
-- deliver: what the customer or an agent chose, and whether the courier has been told.
ALTER TABLE "orders" ADD COLUMN "courier_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_status_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "courier_events_order_idx" ON "courier_events" USING btree ("order_id","id");
--> statement-breakpoint
CREATE TABLE "delivery_issues" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"resolution" text,
	"address" text,
	"note" text DEFAULT '' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"awaiting_address" boolean DEFAULT false NOT NULL,
	"advised_at" timestamp with time zone,
	"delivered_after" boolean DEFAULT false NOT NULL,
	CONSTRAINT "delivery_issues_resolution_check" CHECK ("resolution" is null or "resolution" in ('reattempt', 'new_address', 'return'))
);
--> statement-breakpoint
ALTER TABLE "delivery_issues" ADD CONSTRAINT "delivery_issues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "delivery_issues_open_idx" ON "delivery_issues" USING btree ("at") WHERE "resolution" is null;
