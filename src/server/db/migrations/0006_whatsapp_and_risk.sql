ALTER TABLE "orders" ADD COLUMN "network_key" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_level" text DEFAULT 'low' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_state" text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_risk_level_check" CHECK ("risk_level" in ('low', 'medium', 'high'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_state_check" CHECK ("confirmation_state" in ('off', 'queued', 'sent', 'delivered', 'read', 'confirmed', 'cancelled', 'failed', 'expired'));
--> statement-breakpoint
CREATE INDEX "orders_network_created_idx" ON "orders" USING btree ("network_key","created_at");
--> statement-breakpoint
CREATE INDEX "orders_confirmation_idx" ON "orders" USING btree ("confirmation_state","created_at");
--> statement-breakpoint
CREATE INDEX "orders_risk_idx" ON "orders" USING btree ("risk_level","created_at");
--> statement-breakpoint
CREATE TABLE "blocked_phones" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE cascade,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"wa_message_id" text,
	"state" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_direction_check" CHECK ("direction" in ('out', 'in'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wa_id_idx" ON "whatsapp_messages" USING btree ("wa_message_id");
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_once_idx" ON "whatsapp_messages" USING btree ("order_id","kind") WHERE "direction" = 'out' AND "kind" in ('reminder', 'review');
