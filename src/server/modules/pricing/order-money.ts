import { orders } from "../../db/schema.js";

/** The order's money columns besides subtotal, tax and total (migration 0014). */
export const orderMoneyColumns = {
  discount: orders.discount,
  deliveryFee: orders.deliveryFee,
  codFee: orders.codFee,
  codAmount: orders.codAmount,
  discountCode: orders.discountCode,
};

export interface OrderMoneyRow {
  subtotal: string;
  total: string;
  discount?: string;
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
    discount: row.discount ?? ZERO,
    deliveryFee: row.deliveryFee ?? ZERO,
    codFee: row.codFee ?? ZERO,
    codAmount: row.codAmount ?? row.total,
    discountCode: row.discountCode ?? null,
    // Advance payments are issue 25's: none yet.
    advance: { amount: ZERO, paid: ZERO, status: "none" as const, method: null, reference: null, note: null },
  };
}
