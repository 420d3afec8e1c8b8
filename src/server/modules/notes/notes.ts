import { asc, eq } from "drizzle-orm";
import type { OrderNote } from "@shared/schemas/staff.js";
import type { Db } from "../../db/client.js";
import { orderNotes, orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import type { StaffMember } from "../auth/index.js";
import { recordAudit } from "../audit/index.js";

const toNote = (row: { id: number; author: string; text: string; createdAt: string }): OrderNote => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** An internal note on an order: staff only, never in a shopper's answer. */
export async function addOrderNote(db: Db, by: StaffMember, orderId: string, text: string): Promise<OrderNote> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    const [row] = await tx.insert(orderNotes).values({ orderId, author: by.username, text }).returning();
    await recordAudit(tx, {
      actor: by.username,
      action: "order.note",
      entity: "order",
      entityId: orderId,
      orderId,
      after: { note: text },
    });
    return toNote(row);
  });
}

export async function listOrderNotes(db: Db, orderId: string): Promise<OrderNote[]> {
  const rows = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id))
    .limit(500);
  return rows.map(toNote);
}
