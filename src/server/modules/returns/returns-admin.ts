import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import type { ReturnStatus } from "@shared/rules/returns.js";
import type { AdminReturn, decideReturnInput } from "@shared/schemas/returns.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orders, returnRequests } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { findImageRefs } from "../images/index.js";
import { lockVariants, putBackReturnedItems } from "../stock/index.js";
import { placeExchangeReplacement, type OrderCore } from "../order-core/index.js";
import { loadLineInfo, toCustomerReturn, type ReturnRow } from "./return-serialize.js";
import { recordAdvanceRefund } from "../advance/index.js";

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
  return serialize(db, rows);
}

async function serialize(db: Db, rows: ReturnRow[]): Promise<AdminReturn[]> {
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
 * creates the replacement order (linked to the first, nothing to pay, ready to ship, its stock
 * taken); completing a return records the refund. Either way the items sent back go on the shelf
 * again. All in one transaction: a refusal (not enough stock, a bad refund) changes nothing and the
 * request stays approved. What it did to orders and stock is told through the order core once
 * committed (the live queue, the catalogue).
 */
export async function decideReturn(
  core: OrderCore,
  id: string,
  decision: z.output<typeof decideReturnInput>,
  actor: string,
): Promise<AdminReturn> {
  const updated = await core.write(async (w) => {
    const tx = w.tx;
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
      if (row.type === "exchange") {
        changes.replacementOrderId = await placeExchangeReplacement(w, row, actor);
      } else {
        if (!decision.refund)
          throw new AppError("VALIDATION", "Enter the refund amount and how it was paid", {
            refund: "Enter the refund amount and method",
          });
        await refuseRefundPastTotal(tx as unknown as Db, row, decision.refund.amount);
        // The advance paid is refunded first (decision 027).
        await recordAdvanceRefund(tx as unknown as Db, row.orderId, decision.refund.amount, actor);
        changes.refundAmount = decision.refund.amount.toFixed(2);
        changes.refundMethod = decision.refund.method;
        w.touched([row.orderId], await putBackReturn(tx, row));
      }
    } else changes.decidedAt = sql`now()` as unknown as string;
    const [saved] = await tx.update(returnRequests).set(changes).where(eq(returnRequests.id, id)).returning();
    return saved;
  });
  return (await serialize(core.db, [updated]))[0];
}

/**
 * The refunds of one order may add up to its total, no more, however many return requests it has.
 * The order row is locked first (as putBackReturn and a status change lock it), so two refunds of
 * the same order at once are summed one after the other, never both against the same past.
 */
async function refuseRefundPastTotal(tx: Db, row: ReturnRow, amount: number): Promise<void> {
  const [order] = await tx.select({ total: orders.total }).from(orders).where(eq(orders.id, row.orderId)).for("update");
  const [{ refunded }] = await tx
    .select({ refunded: sql<string>`coalesce(sum(${returnRequests.refundAmount}), 0)` })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, row.orderId), ne(returnRequests.id, row.id)));
  const totalPaisa = Math.round(Number(order.total) * 100);
  const refundedPaisa = Math.round(Number(refunded) * 100);
  if (Math.round(amount * 100) + refundedPaisa <= totalPaisa) return;
  const message =
    refundedPaisa === 0
      ? `The refund cannot be more than the order's total, ${formatRs(order.total)}`
      : `The refunds of this order cannot add up to more than its total, ${formatRs(order.total)}: ` +
        `${formatRs(refundedPaisa / 100)} is refunded already, so at most ${formatRs(Math.max(0, totalPaisa - refundedPaisa) / 100)} is left`;
  throw new AppError("VALIDATION", message, {
    "refund.amount": refundedPaisa === 0 ? "More than the order's total" : "More than is left of the order's total",
  });
}

/** A completed return's items go back on the shelf, with the order row locked as a status change locks it. */
async function putBackReturn(tx: Db, row: ReturnRow): Promise<number | null> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for("update");
  await lockVariants(tx, row.items);
  return (await putBackReturnedItems(tx, row.orderId, row.items)) > 0 ? 0 : null;
}
