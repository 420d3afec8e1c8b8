import { advanceOwed, type AdvanceStatus } from "@shared/rules/advance.js";
import type { EditAmounts, ItemEditOutcome, editOrderItemsInput } from "@shared/schemas/order-edits.js";
import type { OrderItem, placeOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { rememberedChoiceProducts } from "../catalogue/index.js";
import { amountsInRupees, judgedHighRisk, priceOrder, type PricedOrder } from "../pricing/index.js";
import type { OrderRow } from "./order-serialize.js";
import { orderItemsOf, priceItems, type PricedItem } from "./place-order.js";
import type { BookedParcel } from "./placement-steps.js";
import type { StockLine } from "../stock/index.js";

export type EditInput = z.output<typeof editOrderItemsInput>;

/** The order as an item change reads it, with what decides whether it may change. */
export interface EditTarget {
  row: OrderRow & { riskLevel: string; discountId: number | null };
  items: OrderItem[];
  version: number;
  /** Its courier booking, cancelled and made again with the new cash (null: none). */
  parcel: BookedParcel | null;
}

const rupees = (value: string | undefined) => Number(value ?? 0);

function amountsOf(row: OrderRow): EditAmounts {
  const paid = rupees(row.advancePaid);
  const advance = rupees(row.advanceAmount);
  const status = (row.advanceStatus ?? "none") as AdvanceStatus;
  return {
    subtotal: rupees(row.subtotal),
    saleDiscount: rupees(row.saleDiscount),
    discount: rupees(row.discount),
    deliveryFee: rupees(row.deliveryFee),
    codFee: rupees(row.codFee),
    total: rupees(row.total),
    advance,
    advanceOwed: advanceOwed(status) ? Math.max(0, advance - paid) : 0,
    codAmount: rupees(row.codAmount),
  };
}

/** The new amounts, with the advance already paid kept (the cash to collect is total − paid). */
function amountsAfter(money: PricedOrder, row: OrderRow): EditAmounts {
  const a = amountsInRupees(money.amounts);
  const paid = rupees(row.advancePaid);
  return { ...a, advanceOwed: Math.max(0, a.advance - paid), codAmount: a.total - paid };
}

export interface PricedEdit {
  priced: PricedItem[];
  money: PricedOrder;
  stockLines: StockLine[];
  items: OrderItem[];
}

/**
 * Prices the new items exactly as a new order with them would be (place-order.ts's `priceItems`
 * and modules/pricing): the catalogue's prices and sales now, the order's own code while its
 * minimum and scope still hold, the delivery and COD fees for its city, the advance its total
 * (and its risk) asks. Unknown, unavailable or unsold choices are refused with 409 naming them.
 */
export async function priceEdit(db: Db, target: EditTarget, input: EditInput): Promise<PricedEdit> {
  const { row } = target;
  const catalogue = await rememberedChoiceProducts(
    db,
    input.items.map((i) => i.productId),
    true,
  );
  const lines: z.output<typeof placeOrderInput>["items"] = input.items.map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    size: i.size,
    color: i.color,
    ...(i.variantId ? { variantId: i.variantId } : {}),
    selectedImage: null,
  }));
  const { priced, stockLines } = await priceItems(db, lines, catalogue);
  const money = judgedHighRisk(
    await priceOrder(
      db,
      {
        lines: priced,
        city: row.city,
        phone: row.customerPhone,
        paymentMethod: row.paymentMethod,
        keptDiscountId: row.discountId,
      },
      { strict: false },
    ),
    row.riskLevel === "high",
  );
  priced.forEach((p, n) => (p.price = money.unitPrices[n]));
  const items = orderItemsOf(priced, money.sales);
  const paid = rupees(row.advancePaid);
  if (money.amounts.total / 100 < paid)
    throw new AppError(
      "CONFLICT",
      `The customer has already paid an advance of Rs. ${paid}, more than the new total of Rs. ${money.amounts.total / 100}; keep items worth at least the advance`,
    );
  return { priced, money, stockLines, items };
}

export function outcomeOf(target: EditTarget, edit: PricedEdit, version: number): ItemEditOutcome {
  const { code } = edit.money;
  return {
    before: amountsOf(target.row),
    after: amountsAfter(edit.money, target.row),
    items: edit.items,
    code: code ? { code: code.code, applied: code.applied, message: code.message } : null,
    rebook: target.parcel ? { courier: target.parcel.courier, trackingNumber: target.parcel.trackingNumber } : null,
    itemsVersion: version,
  };
}
