import { desc, eq, inArray, sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import type { ReturnStatus } from "@shared/rules/returns.js";
import type { AdminReturn, decideReturnInput } from "@shared/schemas/returns.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orderItems, orders, orderStatusEvents, returnRequests } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { findImageRefs } from "../images/image-service.js";
import { lineKeyOf, loadLineInfo, toCustomerReturn, type ReturnRow } from "./return-serialise.js";

const LIST_LIMIT = 200;
const notFound = () => new AppError("NOT_FOUND", "Return request not found");

/** The admin's returns list, newest first, optionally one status. */
export async function listReturns(db: Db, status?: ReturnStatus): Promise<AdminReturn[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(status ? eq(returnRequests.status, status) : undefined)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(LIST_LIMIT);
  return serialise(db, rows);
}

async function serialise(db: Db, rows: ReturnRow[]): Promise<AdminReturn[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [owners, lines, photos] = await Promise.all([
    db
      .select({
        id: orders.id,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        city: orders.city,
        total: orders.total,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    loadLineInfo(db, orderIds),
    findImageRefs(
      db,
      rows.flatMap((r) => r.photos),
    ),
  ]);
  return rows.map((r) => {
    const order = owners.find((o) => o.id === r.orderId)!;
    return {
      ...toCustomerReturn(r, lines.get(r.orderId) ?? new Map(), r.replacementOrderId),
      orderId: r.orderId,
      orderNumber: orderNumber(r.orderId),
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      city: order.city,
      orderTotal: order.total,
      reason: r.reason,
      note: r.note,
      photos: r.photos.flatMap((id) => {
        const ref = photos.get(id);
        return ref ? [{ id: ref.id, url: ref.url, filename: ref.filename, mimeType: ref.mimeType }] : [];
      }),
      replacementOrderId: r.replacementOrderId,
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      completedAt: r.completedAt ? new Date(r.completedAt).toISOString() : null,
    };
  });
}

const NEXT: Record<ReturnStatus, ReturnStatus[]> = {
  requested: ["approved", "rejected"],
  approved: ["rejected", "completed"],
  rejected: [],
  completed: [],
};

/**
 * Approve, reject (with a note the customer sees) or complete a request. Completing an exchange
 * creates the replacement order (linked to the first, nothing to pay, ready to ship); completing a
 * return records the refund.
 */
export async function decideReturn(
  db: Db,
  id: string,
  decision: z.output<typeof decideReturnInput>,
): Promise<AdminReturn> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
    if (!row) throw notFound();
    const from = row.status as ReturnStatus;
    if (!NEXT[from].includes(decision.status))
      throw new AppError(
        "CONFLICT",
        from === "requested" && decision.status === "completed"
          ? "Approve the request before completing it"
          : `This request is already ${from}; it cannot be ${decision.status}`,
      );
    const changes: Partial<typeof returnRequests.$inferInsert> = { status: decision.status };
    if (decision.adminNote) changes.adminNote = decision.adminNote;
    if (decision.status === "completed") {
      changes.completedAt = sql`now()` as unknown as string;
      if (row.type === "exchange") changes.replacementOrderId = await createReplacement(tx as unknown as Db, row);
      else {
        if (!decision.refund)
          throw new AppError("VALIDATION", "Enter the refund amount and how it was paid", {
            refund: "Enter the refund amount and method",
          });
        const [order] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, row.orderId));
        if (decision.refund.amount > Number(order.total))
          throw new AppError(
            "VALIDATION",
            `The refund cannot be more than the order's total, ${formatRs(order.total)}`,
            {
              "refund.amount": "More than the order's total",
            },
          );
        changes.refundAmount = decision.refund.amount.toFixed(2);
        changes.refundMethod = decision.refund.method;
      }
    } else changes.decidedAt = sql`now()` as unknown as string;
    const [saved] = await tx.update(returnRequests).set(changes).where(eq(returnRequests.id, id)).returning();
    return saved;
  });
  return (await serialise(db, [updated]))[0];
}

/** The exchange's new parcel: the asked-for size and colour, at no charge, ready to ship. */
async function createReplacement(db: Db, request: ReturnRow): Promise<string> {
  const [original] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, request.orderId));
  const [replacement] = await db
    .insert(orders)
    .values({
      status: "processing",
      customerName: original.customerName,
      customerPhone: original.customerPhone,
      phoneKey: original.phoneKey,
      customerEmail: original.customerEmail,
      shippingAddress: original.shippingAddress,
      city: original.city,
      postalCode: original.postalCode,
      specialInstructions: `Exchange for order #${orderNumber(original.id)}: collect the items being exchanged`,
      subtotal: "0",
      total: "0",
      paymentMethod: original.paymentMethod,
      replacementOf: original.id,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    request.items.map((i) => {
      const line = lines.find((l) => lineKeyOf(l) === lineKeyOf(i));
      return {
        orderId: replacement.id,
        productId: i.productId,
        productName: line?.productName ?? "",
        category: line?.category ?? "",
        quantity: i.quantity,
        size: i.exchangeSize ?? i.size,
        color: i.exchangeColor ?? i.color,
        price: "0",
        selectedImage: line?.selectedImage ?? null,
      };
    }),
  );
  await db.insert(orderStatusEvents).values([
    { orderId: replacement.id, status: "pending", actor: "admin" },
    { orderId: replacement.id, status: "processing", actor: "admin" },
  ]);
  return replacement.id;
}
