import { formatRs } from "./money.js";

/**
 * Discount codes and automatic sales (CONTRACT.md part three, "Discounts"). Amounts here are
 * whole paisa (integers) so that no float drifts; what the store computes is whole rupees.
 */
export const DISCOUNT_KINDS = ["percent", "fixed", "free_delivery"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountRule {
  id: number;
  /** Null for an automatic sale. */
  code: string | null;
  kind: DiscountKind;
  value: number;
  minSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perPhoneLimit: number | null;
  categories: string[];
  productIds: number[];
  active: boolean;
}

export interface ScopedLine {
  productId: number;
  category: string;
  /** Unit price in paisa. */
  unitPaisa: number;
  quantity: number;
  /** The regular unit price (paisa) when an automatic sale lowered it. */
  regularPaisa?: number;
}

/** How codes are compared: trimmed, any letter case. */
export const codeKey = (code: string) => code.trim().toLowerCase();

export const toPaisa = (amount: string | number) => Math.round(Number(amount) * 100);
export const fromPaisa = (paisa: number) => paisa / 100;

export function inScope(
  rule: Pick<DiscountRule, "categories" | "productIds">,
  line: Pick<ScopedLine, "productId" | "category">,
) {
  if (rule.categories.length === 0 && rule.productIds.length === 0) return true;
  return rule.productIds.includes(line.productId) || rule.categories.includes(line.category);
}

export type DiscountPhase = "live" | "paused" | "not started" | "ended";

export function phaseAt(rule: Pick<DiscountRule, "active" | "startsAt" | "endsAt">, now: Date): DiscountPhase {
  if (!rule.active) return "paused";
  if (rule.startsAt && new Date(rule.startsAt).getTime() > now.getTime()) return "not started";
  if (rule.endsAt && new Date(rule.endsAt).getTime() <= now.getTime()) return "ended";
  return "live";
}

/**
 * What a percent or fixed discount takes off an amount (paisa): a percentage of it rounded half
 * up to the rupee, once; a fixed amount never more than the amount itself.
 */
export function reductionPaisa(kind: DiscountKind, value: number, amountPaisa: number): number {
  if (amountPaisa <= 0) return 0;
  if (kind === "percent") return Math.min(amountPaisa, Math.floor((amountPaisa * value + 5000) / 10000) * 100);
  if (kind === "fixed") return Math.min(amountPaisa, Math.round(value) * 100);
  return 0;
}

/** A product's unit price under the live sales (paisa): the lowest any sale in scope makes it. */
export function salePricePaisa(
  regularPaisa: number,
  product: Pick<ScopedLine, "productId" | "category">,
  sales: readonly DiscountRule[],
): number {
  return bestSale(regularPaisa, product, sales).pricePaisa;
}

/**
 * The sale that sells a product cheapest and the unit price it makes (paisa); `saleId` null when
 * no sale lowers it. Of two sales that make the same price, the first listed wins.
 */
export function bestSale(
  regularPaisa: number,
  product: Pick<ScopedLine, "productId" | "category">,
  sales: readonly DiscountRule[],
): { pricePaisa: number; saleId: number | null } {
  let best = { pricePaisa: regularPaisa, saleId: null as number | null };
  for (const sale of sales) {
    if (!inScope(sale, product)) continue;
    const price = regularPaisa - reductionPaisa(sale.kind, sale.value, regularPaisa);
    if (price < best.pricePaisa) best = { pricePaisa: price, saleId: sale.id };
  }
  return best;
}

/** Dates in the refusals, as a shopper in Pakistan reads them. */
const dateOf = (iso: string) =>
  new Date(iso).toLocaleString("en-PK", {
    timeZone: "Asia/Karachi",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export interface CodeContext {
  now: Date;
  /** The whole order's goods at the prices shown (sales included), before the code. */
  goodsPaisa: number;
  lines: readonly ScopedLine[];
  /** Orders placed with the code that were not cancelled: all, and this phone's. */
  uses: number;
  phoneUses: number;
}

/** Why a code does not apply to this cart, in words a shopper understands; null when it does. */
export function codeRefusal(rule: DiscountRule, ctx: CodeContext): string | null {
  const code = rule.code ?? "";
  const phase = phaseAt(rule, ctx.now);
  if (phase === "paused") return `The code ${code} is not available right now`;
  if (phase === "not started") return `The code ${code} starts on ${dateOf(rule.startsAt!)}; please try it then`;
  if (phase === "ended") return `The code ${code} expired on ${dateOf(rule.endsAt!)}`;
  if (rule.usageLimit !== null && ctx.uses >= rule.usageLimit) return `The code ${code} has been used up`;
  if (rule.perPhoneLimit !== null && ctx.phoneUses >= rule.perPhoneLimit)
    return `The code ${code} has already been used with this phone number`;
  if (rule.minSubtotal !== null && ctx.goodsPaisa < rule.minSubtotal * 100)
    return `The code ${code} needs an order of at least ${formatRs(rule.minSubtotal)} (before delivery); add ${formatRs(
      rule.minSubtotal - ctx.goodsPaisa / 100,
    )} more to use it`;
  if (!ctx.lines.some((l) => inScope(rule, l))) return `The code ${code} does not apply to anything in your cart`;
  return null;
}

export const unknownCodeMessage = (typed: string) =>
  `There is no discount code "${typed.trim().slice(0, 40)}"; please check the spelling`;
