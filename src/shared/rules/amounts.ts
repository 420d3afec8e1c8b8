import { baseDeliveryFee, type FeeSettings } from "./fees.js";
import { inScope, reductionPaisa, type DiscountRule, type ScopedLine } from "./discounts.js";
import { advanceDue, type AdvanceRules } from "./advance.js";

/** Each part of what the shopper pays, in whole paisa (whole rupees wherever the store computes). */
export interface Amounts {
  subtotal: number;
  /** What automatic sales took off the regular prices: already out of the subtotal, not subtracted again. */
  saleDiscount: number;
  discount: number;
  deliveryFee: number;
  codFee: number;
  total: number;
  /** Owed before shipping (the advance rules, decision 027); 0 without a rule. */
  advance: number;
  /** total − advance: what is left to pay on delivery once the advance is paid. */
  codAmount: number;
}

/** Nothing to pay: an empty selection, or an exchange's replacement. */
export const NO_AMOUNTS: Readonly<Amounts> = Object.freeze({
  subtotal: 0,
  saleDiscount: 0,
  discount: 0,
  deliveryFee: 0,
  codFee: 0,
  total: 0,
  advance: 0,
  codAmount: 0,
});

export interface AmountsInput {
  /** Unit prices after automatic sales. */
  lines: readonly ScopedLine[];
  fees: FeeSettings;
  city: string | null | undefined;
  paymentMethod: string;
  /** A code that applies to this cart (checked by the caller), or null. */
  code: DiscountRule | null;
  /** The advance rules in force; none: no advance. */
  advance?: AdvanceRules;
  /** The order was judged high risk (placement only; a quote does not know). */
  highRisk?: boolean;
}

/**
 * The one rule the store's money is computed by (decision 022); the server applies it to every
 * quote and order (modules/pricing), the admin's fee form only to show an example order: subtotal at the prices shown, the
 * code's reduction of the goods in its scope (a percentage rounded half up to the rupee, once), the
 * delivery fee (the city's, else the flat one; none once the goods after the discount reach the
 * free-delivery threshold, or with a free-delivery code), the COD fee,
 * total = subtotal − discount + deliveryFee + codFee, and the advance the rules ask of that total.
 */
export function computeAmounts({ lines, fees, city, paymentMethod, code, advance, highRisk }: AmountsInput): Amounts {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPaisa * l.quantity, 0);
  const saleDiscount = lines.reduce((sum, l) => sum + ((l.regularPaisa ?? l.unitPaisa) - l.unitPaisa) * l.quantity, 0);
  let discount = 0;
  if (code && code.kind !== "free_delivery") {
    const inScopeGoods = lines.filter((l) => inScope(code, l)).reduce((sum, l) => sum + l.unitPaisa * l.quantity, 0);
    discount = reductionPaisa(code.kind, code.value, inScopeGoods);
  }
  const goods = subtotal - discount;
  const freeOver = fees.freeDeliveryOver;
  const shipsFree = code?.kind === "free_delivery" || (freeOver !== null && goods >= freeOver * 100);
  const deliveryFee = shipsFree ? 0 : baseDeliveryFee(fees, city) * 100;
  const codFee = paymentMethod === "cod" ? (fees.codFee ?? 0) * 100 : 0;
  const total = goods + deliveryFee + codFee;
  const owed = advance ? advanceDue(advance, { total, deliveryFee, codFee, highRisk: highRisk ?? false }) : 0;
  return { subtotal, saleDiscount, discount, deliveryFee, codFee, total, advance: owed, codAmount: total - owed };
}
