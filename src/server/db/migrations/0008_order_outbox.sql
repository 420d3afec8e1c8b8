-- The order row is the outbox of its confirmation request (decision 008, update of 2026-11-25):
-- an order waiting for its first message is `confirmation_state = 'queued'`, with no job row
-- written beside it. A failed send counts in `confirmation_attempts` and waits for
-- `confirmation_retry_at`; one app server at a time drains the queue, under a lease in `leases`.
ALTER TABLE "orders"
  ADD COLUMN "confirmation_attempts" integer DEFAULT 0 NOT NULL,
  ADD COLUMN "confirmation_retry_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "leases" (
  "name" text PRIMARY KEY NOT NULL,
  "holder" text NOT NULL,
  "until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Confirmation jobs queued before this version: their orders are still `queued` (or the sweep
-- asks again for a reminder), so the outbox sends them; the jobs would send a second message.
UPDATE "jobs" SET "state" = 'done', "locked_until" = NULL, "finished_at" = now(),
  "last_error" = 'replaced by the order outbox (migration 0008)'
WHERE "kind" = 'whatsapp.confirmation' AND "state" IN ('queued', 'running');
