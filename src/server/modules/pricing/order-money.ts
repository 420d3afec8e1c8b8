import { formatRs } from "@shared/rules/money.js";
import { orders } from "../../db/schema.js";

/** The order's money columns besides subtotal, tax and total (migration 0014). */
export const orderMoneyColumns = {
  discount: orders.discount,
  saleDiscount: orders.saleDiscount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  codAmount: orders.codAmount,
  discountCode: orders.discountCode,
};

export interface OrderMoneyRow {
  subtotal: string;
  total: string;
  discount?: string;
  saleDiscount?: string;
  deliveryFee?: string;
  codFee?: string;
  codAmount?: string | null;
  discountCode?: string | null;
}

const ZERO = "0.00";

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
    codAmount: row.codAmount ?? row.total,
    discountCode: row.discountCode ?? null,
    // Advance payments are issue 25's: none yet.
    advance: { amount: ZERO, paid: ZERO, status: "none" as const, method: null, reference: null, note: null },
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
  if (m.codAmount !== row.total) lines.push(`To pay on delivery: ${formatRs(m.codAmount)}`);
  return lines;
}
