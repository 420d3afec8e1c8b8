import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { WhatsappMessage } from "@shared/schemas/whatsapp.js";
import type { Db } from "../../../db/client.js";
import { orders, whatsappMessages } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import { orderNotFound } from "../../order-core/index.js";

const iso = (v: string) => new Date(v).toISOString();

/** Every WhatsApp message of an order, sent and received, oldest first. */
export async function orderMessages(db: Db, orderId: string): Promise<WhatsappMessage[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  const rows = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, orderId))
    .orderBy(asc(whatsappMessages.id));
  return rows.map((r) => ({
    id: r.id,
    direction: r.direction as "out" | "in",
    kind: r.kind,
    state: r.state,
    body: r.body,
    error: r.error,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }));
}

/**
 * An agent asks for the confirmation message (again, or for an order held for an agent): the
 * order goes back into the outbox, its attempts anew, past the automatic limits (decision 012).
 */
export async function resendConfirmation(app: FastifyInstance, orderId: string): Promise<{ state: "queued" }> {
  if (!app.config.whatsapp)
    throw new AppError(
      "CONFLICT",
      "WhatsApp is not connected; set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET, or use the chat link",
    );
  const result = await app.db.execute(sql`
    with target as (select id, status from orders where id = ${orderId}::uuid),
    queued as (
      update orders set confirmation_state = 'queued', confirmation_updated_at = ${app.clock.now().toISOString()}::timestamptz,
        confirmation_attempts = 0, confirmation_retry_at = null, confirmation_by_agent = true
      where id = ${orderId}::uuid and status = 'pending'
      returning id
    )
    select t.status, (select count(*) from queued)::int as queued from target t`);
  const [row] = (result as unknown as { rows: { status: string; queued: number }[] }).rows;
  if (!row) throw orderNotFound();
  if (row.queued === 0)
    throw new AppError("CONFLICT", `Only a pending order is confirmed on WhatsApp; this one is ${row.status}`);
  return { state: "queued" };
}
