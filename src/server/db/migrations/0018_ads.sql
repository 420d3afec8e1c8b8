-- Ads that learn from real buyers (issue 28). What the checkout request told about the shopper's
-- browser for Meta (the _fbp and _fbc cookies, the user agent, the page), kept beside the order;
-- and the Conversions API outbox: one row per order and event (Purchase, and the optional Delivered
-- and Returned), recorded in the transaction that confirmed, delivered or returned the order, so an
-- event is recorded once, whatever goes back and forth, and sent by one app server.
CREATE TABLE "order_ad_context" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"fbp" text,
	"fbc" text,
	"user_agent" text NOT NULL DEFAULT '',
	"source_url" text NOT NULL DEFAULT ''
);
--> statement-breakpoint
ALTER TABLE "order_ad_context" ADD CONSTRAINT "order_ad_context_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "meta_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"event_name" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"fbtrace_id" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_events_state_check" CHECK ("state" in ('queued', 'sending', 'sent', 'failed', 'dropped', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "meta_events" ADD CONSTRAINT "meta_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "meta_events_once_idx" ON "meta_events" USING btree ("order_id","event_name");
--> statement-breakpoint
CREATE INDEX "meta_events_due_idx" ON "meta_events" USING btree ("next_attempt_at") WHERE "state" in ('queued', 'sending');
--> statement-breakpoint
CREATE INDEX "meta_events_recent_idx" ON "meta_events" USING btree ("finished_at");
