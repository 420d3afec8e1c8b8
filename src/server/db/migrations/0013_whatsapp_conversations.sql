-- WhatsApp upkeep and conversations (issue 23): each message knows its customer (the phone as
-- digits with country code, and Meta's business-scoped user id when reported), what Meta billed
-- for it (statuses[].pricing), media it carries, and who sent a reply. One row per customer
-- keeps the user id Meta reports for that phone and how far an agent has read.
ALTER TABLE "whatsapp_messages" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "user_id" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_id" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_type" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "pricing_billable" boolean;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "pricing_model" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "pricing_category" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "pricing_type" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "sent_by" text;
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_idx" ON "whatsapp_messages" USING btree ("phone","id");
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_pricing_idx" ON "whatsapp_messages" USING btree ("created_at") WHERE "pricing_category" is not null;
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" text,
	"last_message_id" integer,
	"last_at" timestamp with time zone,
	"read_up_to" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_user_id_idx" ON "whatsapp_contacts" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_last_idx" ON "whatsapp_contacts" USING btree ("last_at" DESC NULLS LAST,"phone");
--> statement-breakpoint
-- Earlier messages join their conversation by their order's phone.
UPDATE "whatsapp_messages" m SET "phone" = '92' || o."phone_key"
FROM "orders" o WHERE o."id" = m."order_id" AND m."phone" IS NULL;
--> statement-breakpoint
INSERT INTO "whatsapp_contacts" ("phone", "last_message_id", "last_at")
SELECT "phone", max("id"), max("created_at") FROM "whatsapp_messages" WHERE "phone" IS NOT NULL GROUP BY "phone";
--> statement-breakpoint
-- Every message, however it is written (the outbox's templates and replies included), joins its
-- customer's conversation: its phone from its order when not given, and the conversation's last
-- message and unread count kept with it, so the inbox reads one row per customer.
CREATE FUNCTION whatsapp_message_phone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS NULL AND NEW.order_id IS NOT NULL THEN
    SELECT '92' || o.phone_key INTO NEW.phone FROM orders o WHERE o.id = NEW.order_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER whatsapp_messages_phone BEFORE INSERT ON whatsapp_messages
FOR EACH ROW EXECUTE FUNCTION whatsapp_message_phone();
--> statement-breakpoint
-- After the insert, so a repeated delivery (ON CONFLICT DO NOTHING) counts nothing.
CREATE FUNCTION whatsapp_message_to_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS NOT NULL AND NEW.state <> 'failed' THEN
    INSERT INTO whatsapp_contacts AS c (phone, last_message_id, last_at, unread)
    VALUES (NEW.phone, NEW.id, COALESCE(NEW.sent_at, NEW.created_at), CASE WHEN NEW.direction = 'in' THEN 1 ELSE 0 END)
    ON CONFLICT (phone) DO UPDATE SET
      last_message_id = GREATEST(c.last_message_id, EXCLUDED.last_message_id),
      last_at = GREATEST(c.last_at, EXCLUDED.last_at),
      unread = c.unread + EXCLUDED.unread;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER whatsapp_messages_conversation AFTER INSERT ON whatsapp_messages
FOR EACH ROW EXECUTE FUNCTION whatsapp_message_to_conversation();
