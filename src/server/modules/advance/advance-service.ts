import { and, eq, sql } from "drizzle-orm";
import { REVIEW_IMAGE_MAX_PX } from "@shared/constants.js";
import { ADVANCE_OWED, type PaymentMethod } from "@shared/rules/advance.js";
import { normalizePhone, phonesMatch } from "@shared/rules/phone.js";
import { formatRs, toMoneyString } from "@shared/rules/money.js";
import type { Db } from "../../db/client.js";
import { advancePayments, orders } from "../../db/schema.js";
import { sqlList } from "../../db/sql-list.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/index.js";
import { processUploads, saveImages, type Upload } from "../images/index.js";
import { orderNotFound } from "../order-core/index.js";
import type { OrderCore } from "../order-core/index.js";
import { resolveOrderRef } from "../order-core/index.js";
import { advanceOf, advanceStillOwed } from "../pricing/index.js";

const owedStatuses = sqlList(ADVANCE_OWED);

const advanceColumns = {
  id: orders.id,
  customerPhone: orders.customerPhone,
  total: orders.total,
  advanceAmount: orders.advanceAmount,
  advancePaid: orders.advancePaid,
  advanceStatus: orders.advanceStatus,
  advanceMethod: orders.advanceMethod,
  advanceReference: orders.advanceReference,
  advanceNote: orders.advanceNote,
};

async function readAdvance(db: Db, id: string) {
  const [row] = await db.select(advanceColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * The order a shopper names by its id, or by the reference a tracking card found by phone number
 * shows (decision 013), proven by the order's own phone number as for cancelling: 403 otherwise.
 */
export async function shopperOrder(db: Db, idOrRef: string, phone: string): Promise<string> {
  const id = (await readAdvance(db, idOrRef))?.id ?? (await resolveOrderRef(db, idOrRef, phone));
  const row = id ? await readAdvance(db, id) : undefined;
  if (!id || !row) throw orderNotFound();
  if (normalizePhone(phone).length < 10 || !phonesMatch(phone, row.customerPhone))
    throw new AppError(
      "FORBIDDEN",
      "This order does not belong to that phone number; send the proof from the number you ordered with",
    );
  if (!(ADVANCE_OWED as readonly string[]).includes(row.advanceStatus))
    throw new AppError(
      "CONFLICT",
      row.advanceStatus === "paid" ? "This order's advance is already paid" : "This order owes no advance",
    );
  return id;
}

export interface ProofInput {
  method: PaymentMethod;
  reference: string;
}

/**
 * A shopper's proof of an advance sent (a photo or screenshot of the transfer): kept as a private
 * image (staff only), and the advance becomes `submitted` for an agent to check.
 */
export async function submitProof(core: OrderCore, id: string, input: ProofInput, image: Upload) {
  // Decoded and checked (content, size, type) before anything is stored.
  const processed = await processUploads([image], REVIEW_IMAGE_MAX_PX);
  const updated = await core.write(async (w) => {
    const [ref] = await saveImages(w.tx, processed, { private: true });
    const [row] = await w.tx
      .update(orders)
      .set({
        advanceStatus: "submitted",
        advanceMethod: input.method,
        advanceReference: input.reference,
        advanceProof: ref.id,
        advanceNote: null,
        advanceUpdatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, id), sql`${orders.advanceStatus} in ${owedStatuses}`))
      .returning(advanceColumns);
    if (!row) throw new AppError("CONFLICT", "This order's advance is already settled; there is nothing to send");
    await recordAudit(w.tx, {
      actor: "customer",
      action: "order.advance-proof",
      entity: "order",
      entityId: id,
      orderId: id,
      after: { advanceStatus: "submitted", method: input.method, reference: input.reference },
    });
    w.touched([id]);
    return row;
  });
  return { advance: advanceOf(updated) };
}

export interface AdvanceDecision {
  status: "paid" | "rejected";
  /** Rs. received (paid only); the amount still owed when not given. */
  amount?: number;
  note?: string;
  /** Owner only: accept less than is owed, for `reason` (audited). */
  override?: boolean;
  reason?: string;
}

/** Who decides: an agent may only record the advance in full; the owner may override a shortfall. */
export interface Decider {
  username: string;
  role: "owner" | "agent";
}

/**
 * An amount short of the advance owed marks it paid only by the owner's explicit override with a
 * reason (issue 38): otherwise an agent could record Rs. 0 and ship an order that owes its advance.
 * Answers the override's reason to audit, or null when the amount covers what is owed.
 */
function overrideOfShortfall(amount: number, owed: number, decision: AdvanceDecision, by: Decider): string | null {
  if (amount >= owed) return null;
  const short = `${formatRs(amount)} is less than the ${formatRs(owed)} advance this order still owes`;
  if (!decision.override)
    throw new AppError(
      "VALIDATION",
      `${short}. Record the advance of ${formatRs(owed)} once it is received in full, or ask the owner to override`,
      { amount: `At least ${formatRs(owed)}` },
    );
  if (by.role !== "owner")
    throw new AppError("FORBIDDEN", `${short}; only the owner may accept less. Ask the owner to override`);
  const reason = decision.reason?.trim();
  if (!reason)
    throw new AppError("VALIDATION", `${short}; write the reason for accepting less, for the audit log`, {
      reason: "Write why less is accepted",
    });
  return reason;
}

/**
 * An agent's decision on an order's advance (PATCH /api/admin/orders/{id}/advance), audited:
 * `paid` records the amount received, and the cash the courier collects drops by it
 * (cod_amount = total − advance_paid); `rejected` shows the note to the shopper, who may send
 * proof again.
 */
export async function decideAdvance(core: OrderCore, id: string, decision: AdvanceDecision, by: Decider) {
  const actor = by.username;
  const before = await readAdvance(core.db, id);
  if (!before) throw orderNotFound();
  if (!(ADVANCE_OWED as readonly string[]).includes(before.advanceStatus))
    throw new AppError(
      "CONFLICT",
      before.advanceStatus === "paid"
        ? "This order's advance is already marked paid"
        : "This order owes no advance; there is nothing to mark",
    );
  if (decision.status === "rejected") {
    const note = decision.note?.trim();
    if (!note)
      throw new AppError("VALIDATION", "Write a note the shopper will read: what was wrong with the proof", {
        note: "Write a note the shopper will read",
      });
    return settle(core, id, actor, before, { advanceStatus: "rejected", advanceNote: note }, null);
  }
  const owed = advanceStillOwed(before);
  const amount = decision.amount ?? owed;
  const override = overrideOfShortfall(amount, owed, decision, by);
  const room = Number(before.total) - Number(before.advancePaid);
  if (amount > room)
    throw new AppError(
      "VALIDATION",
      `The amount received cannot be more than the order's ${toMoneyString(room)} still unpaid`,
      {
        amount: "More than the order's total",
      },
    );
  const paid = Number(before.advancePaid) + amount;
  return settle(
    core,
    id,
    actor,
    before,
    {
      advanceStatus: "paid",
      advancePaid: toMoneyString(paid),
      advanceNote: decision.note?.trim() || null,
    },
    { source: "agent", amount, reference: null },
    override === null ? {} : { override: { owed, received: amount, reason: override } },
  );
}

type Before = NonNullable<Awaited<ReturnType<typeof readAdvance>>>;

async function settle(
  core: OrderCore,
  id: string,
  actor: string,
  before: Before,
  set: Pick<Partial<typeof orders.$inferInsert>, "advanceStatus" | "advancePaid" | "advanceNote">,
  payment: { source: string; amount: number; reference: string | null } | null,
  audited: Record<string, unknown> = {},
) {
  return core.write(async (w) => {
    const [row] = await w.tx
      .update(orders)
      .set({
        advanceStatus: set.advanceStatus,
        advancePaid: set.advancePaid,
        advanceNote: set.advanceNote,
        advanceUpdatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.advanceStatus, before.advanceStatus),
          eq(orders.advancePaid, before.advancePaid),
        ),
      )
      .returning(advanceColumns);
    if (!row)
      throw new AppError("CONFLICT", "This order's advance was changed meanwhile; reload the order and try again");
    if (payment)
      await w.tx.insert(advancePayments).values({
        orderId: id,
        source: payment.source,
        amount: toMoneyString(payment.amount),
        reference: payment.reference,
        actor,
      });
    await recordAudit(w.tx, {
      actor,
      action: "order.advance",
      entity: "order",
      entityId: id,
      orderId: id,
      before: { advanceStatus: before.advanceStatus, advancePaid: before.advancePaid, advanceNote: before.advanceNote },
      after: {
        advanceStatus: row.advanceStatus,
        advancePaid: row.advancePaid,
        advanceNote: row.advanceNote,
        ...audited,
      },
    });
    w.touched([id]);
    return { advance: advanceOf(row) };
  });
}

export type GatewayOutcome = "paid" | "replayed" | "unknown order" | "wrong amount" | "not owed";

/**
 * A gateway's notification of an advance paid (decision 027): recorded once per gateway reference
 * (a replay changes nothing), and only for an order that owes exactly that amount; anything else
 * leaves the order unchanged and answers why.
 */
export async function recordGatewayPayment(
  core: OrderCore,
  payment: { source: string; orderId: string; amountRs: number; reference: string },
): Promise<GatewayOutcome> {
  return core.write(async (w) => {
    const [seen] = await w.tx
      .select({ id: advancePayments.id })
      .from(advancePayments)
      .where(and(eq(advancePayments.source, payment.source), eq(advancePayments.reference, payment.reference)));
    if (seen) return "replayed";
    const [row] = await w.tx.select(advanceColumns).from(orders).where(eq(orders.id, payment.orderId)).for("update");
    if (!row) return "unknown order";
    if (!(ADVANCE_OWED as readonly string[]).includes(row.advanceStatus)) return "not owed";
    const owed = advanceStillOwed(row);
    if (Math.round(payment.amountRs * 100) !== Math.round(owed * 100)) return "wrong amount";
    const inserted = await w.tx
      .insert(advancePayments)
      .values({
        orderId: row.id,
        source: payment.source,
        amount: toMoneyString(payment.amountRs),
        reference: payment.reference,
        actor: payment.source,
      })
      .onConflictDoNothing()
      .returning({ id: advancePayments.id });
    if (inserted.length === 0) return "replayed";
    const paid = toMoneyString(Number(row.advancePaid) + payment.amountRs);
    await w.tx
      .update(orders)
      .set({
        advanceStatus: "paid",
        advancePaid: paid,
        advanceMethod: payment.source,
        advanceReference: payment.reference,
        advanceNote: null,
        advanceUpdatedAt: sql`now()`,
      })
      .where(eq(orders.id, row.id));
    await recordAudit(w.tx, {
      actor: payment.source,
      action: "order.advance",
      entity: "order",
      entityId: row.id,
      orderId: row.id,
      before: { advanceStatus: row.advanceStatus, advancePaid: row.advancePaid },
      after: { advanceStatus: "paid", advancePaid: paid, reference: payment.reference },
    });
    w.touched([row.id]);
    return "paid";
  });
}

/**
 * A completed return's refund gives back the advance first, up to what was paid and not yet
 * refunded: recorded as a negative payment (source `refund`), so the overview's advances
 * received are net of refunds. Runs in the return decision's transaction (order row locked).
 */
export async function recordAdvanceRefund(tx: Db, orderId: string, refundRs: number, actor: string): Promise<number> {
  const [order] = await tx.select({ paid: orders.advancePaid }).from(orders).where(eq(orders.id, orderId));
  const [{ refunded }] = await tx
    .select({ refunded: sql<string>`coalesce(-sum(${advancePayments.amount}), 0)::text` })
    .from(advancePayments)
    .where(and(eq(advancePayments.orderId, orderId), eq(advancePayments.source, "refund")));
  const back = Math.min(refundRs, Math.max(0, Number(order?.paid ?? 0) - Number(refunded)));
  if (back <= 0) return 0;
  await tx
    .insert(advancePayments)
    .values({ orderId, source: "refund", amount: toMoneyString(-back), reference: null, actor });
  return back;
}
