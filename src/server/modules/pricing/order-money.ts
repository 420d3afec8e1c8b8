import { formatRs } from "@shared/rules/money.js";
import { advanceOwed, type AdvanceStatus } from "@shared/rules/advance.js";
import { orders } from "../../db/schema.js";

/** The order's money columns besides subtotal, tax and total (migration 0014). */
export const orderMoneyColumns = {
  discount: orders.discount,
  saleDiscount: orders.saleDiscount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  codAmount: orders.codAmount,
  discountCode: orders.discountCode,
  advanceAmount: orders.advanceAmount,
  advancePaid: orders.advancePaid,
  advanceStatus: orders.advanceStatus,
  advanceMethod: orders.advanceMethod,
  advanceReference: orders.advanceReference,
  advanceNote: orders.advanceNote,
};

export interface OrderMoneyRow {
  subtotal: string;
  total: string;
  discount?: string;
  saleDiscount?: string;
  deliveryFee?: string;
  codFee?: string;
  codAmount: string;
  discountCode?: string | null;
  advanceAmount?: string;
  advancePaid?: string;
  advanceStatus?: string;
  advanceMethod?: string | null;
  advanceReference?: string | null;
  advanceNote?: string | null;
}

const ZERO = "0.00";

type AdvanceRow = Pick<
  OrderMoneyRow,
  "advanceAmount" | "advancePaid" | "advanceStatus" | "advanceMethod" | "advanceReference" | "advanceNote"
>;

/** The order's advance (migration 0019, decision 027): none on an order placed before it. */
export function advanceOf(row: AdvanceRow) {
  const amount = row.advanceAmount ?? ZERO;
  const paid = row.advancePaid ?? ZERO;
  return {
    amount,
    paid,
    /** What is left to receive (amount − paid, never below 0): the admin's Mark paid starts from it. */
    owed: Math.max(0, Number(amount) - Number(paid)).toFixed(2),
    status: (row.advanceStatus ?? "none") as AdvanceStatus,
    method: row.advanceMethod ?? null,
    reference: row.advanceReference ?? null,
    note: row.advanceNote ?? null,
  };
}

/** What is still owed before shipping, whole rupees as a number (0 once paid or with none). */
export function advanceStillOwed(row: AdvanceRow): number {
  const a = advanceOf(row);
  return advanceOwed(a.status) ? Number(a.owed) : 0;
}

/**
 * An order's amounts as every answer carries them (POST /api/orders, the admin API, the CSV, the
 * tracking card). An order placed before migration 0014 collects its whole total.
 */
export function moneyOf(row: OrderMoneyRow) {
  return {
    subtotal: row.subtotal,
    saleDiscount: row.saleDiscount ?? ZERO,
    discount: row.discount ?? ZERO,
    deliveryFee: row.deliveryFee ?? ZERO,
    codFee: row.codFee ?? ZERO,
    codAmount: row.codAmount,
    discountCode: row.discountCode ?? null,
    advance: advanceOf(row),
  };
}

/**
 * The money lines of the agent's WhatsApp confirmation text: each part that applies, then the
 * cash to collect (codAmount, never the bare total).
 */
export function moneyMessageLines(row: OrderMoneyRow): string[] {
  const m = moneyOf(row);
  const lines = [`Subtotal: ${formatRs(m.subtotal)}`];
  if (Number(m.discount) > 0)
    lines.push(`Discount${m.discountCode ? ` (${m.discountCode})` : ""}: - ${formatRs(m.discount)}`);
  lines.push(`Delivery: ${Number(m.deliveryFee) > 0 ? formatRs(m.deliveryFee) : "free"}`);
  if (Number(m.codFee) > 0) lines.push(`Cash on delivery fee: ${formatRs(m.codFee)}`);
  lines.push(`Total: ${formatRs(row.total)} (Cash on Delivery)`);
  const owed = advanceStillOwed(row);
  if (owed > 0) {
    lines.push(`Advance to send before we ship: ${formatRs(owed)}`);
    lines.push(`To pay on delivery after the advance: ${formatRs(Number(m.codAmount) - owed)}`);
  } else if (m.codAmount !== row.total) lines.push(`To pay on delivery: ${formatRs(m.codAmount)}`);
  return lines;
}
