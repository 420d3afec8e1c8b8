import {
  codeRefusal,
  toPaisa,
  unknownCodeMessage,
  type DiscountRule,
  type ScopedLine,
} from "@shared/rules/discounts.js";
import { formatRs, toMoneyString } from "@shared/rules/money.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import type { OrderPrecondition } from "../../db/statement-parts.js";
import { codeClaim, readCode } from "./code-claim.js";
import { computeAmounts, type Amounts } from "@shared/rules/amounts.js";
import type { AdvanceRules } from "@shared/rules/advance.js";
import { keptCode } from "./kept-code.js";
import { pricingInForce, saleLinePricer, storeNow } from "./sale-book.js";

export interface MoneyInput {
  /** The order's lines at the catalogue's regular prices, in order. */
  lines: readonly { productId: number; category: string; price: string; quantity: number }[];
  city?: string | null;
  discountCode?: string | null;
  phone?: string | null;
  paymentMethod: string;
  /**
   * An order's own code, by id, when its items change: kept while its minimum and scope still
   * hold, never counted as a new use (kept-code.ts). Used instead of `discountCode`.
   */
  keptDiscountId?: number | null;
}

/** What a code does to this cart, in words; `applied` false says why it does not apply. */
export interface CodeOutcome {
  code: string;
  applied: boolean;
  message: string;
}

export interface PricedOrder {
  /** Each line's unit price as sold (automatic sales included), in the input's order. */
  unitPrices: string[];
  /** Each line's sale, in the input's order: its regular unit price and the sale's id, or null. */
  sales: ({ regularPrice: string; saleId: number } | null)[];
  amounts: Amounts;
  code: CodeOutcome | null;
  /** The code that applies: stored with the order. */
  applied: { id: number; code: string } | null;
  /** The code's usage limits, for the order's own statement; null without a limited code. */
  precondition: OrderPrecondition | null;
  /** The advance rules the amounts were priced under, for `judgedHighRisk`. */
  advanceRules: AdvanceRules | null;
  /** What `computeAmounts` was given, so a placement judged high risk is priced again the same way. */
  recompute?: (highRisk: boolean) => Amounts;
}

/**
 * Without a phone number to count against (a quote's number is used only when proven, see
 * quote-phone.ts), a per-phone limit is said as a rule, the same for every number.
 */
function appliedMessage(rule: DiscountRule, discountPaisa: number, phoneCounted: boolean): string {
  const what = rule.kind === "free_delivery" ? "free delivery" : `${formatRs(discountPaisa / 100)} off`;
  const limit = rule.perPhoneLimit;
  const note =
    limit === null || phoneCounted
      ? ""
      : ` (${limit === 1 ? "once" : `up to ${limit} times`} per phone number, checked when you place your order)`;
  return `Code ${rule.code} applied: ${what}${note}`;
}

/**
 * Prices an order (or a quote) once, on the server: automatic sales, the discount code and its
 * limits, delivery and COD fees (decision 022). For an order (`strict`), a code that does not
 * apply refuses it with 422 and the reason; a quote answers the reason instead.
 */
export async function priceOrder(db: Db, input: MoneyInput, { strict }: { strict: boolean }): Promise<PricedOrder> {
  const pricer = await saleLinePricer(db);
  const sales: PricedOrder["sales"] = [];
  const lines: ScopedLine[] = input.lines.map((l) => {
    const regularPaisa = toPaisa(l.price);
    const sale = pricer(regularPaisa, l);
    sales.push(sale.saleId === null ? null : { regularPrice: l.price, saleId: sale.saleId });
    return {
      productId: l.productId,
      category: l.category,
      quantity: l.quantity,
      unitPaisa: sale.pricePaisa,
      regularPaisa,
    };
  });
  const { fees, advance } = await pricingInForce(db);
  const typed = input.discountCode?.trim() ?? "";
  let code: CodeOutcome | null = null;
  let applied: PricedOrder["applied"] = null;
  let precondition: OrderPrecondition | null = null;
  let rule = null;
  if (typed !== "") {
    const facts = await readCode(db, typed, input.phone ? phoneKey(input.phone) : null);
    const goodsPaisa = lines.reduce((sum, l) => sum + l.unitPaisa * l.quantity, 0);
    const refusal = facts
      ? codeRefusal(facts.rule, { ...facts, now: storeNow(db), goodsPaisa, lines })
      : unknownCodeMessage(typed);
    if (refusal !== null) {
      if (strict) throw new AppError("UNPROCESSABLE", refusal, { discountCode: refusal });
      code = { code: facts?.rule.code ?? typed, applied: false, message: refusal };
    } else {
      rule = facts!.rule;
      applied = { id: rule.id, code: rule.code! };
      precondition = codeClaim(facts!);
    }
  } else if (input.keptDiscountId != null) {
    const goodsPaisa = lines.reduce((sum, l) => sum + l.unitPaisa * l.quantity, 0);
    const kept = await keptCode(db, input.keptDiscountId, { goodsPaisa, lines });
    if (kept?.refusal) code = { code: kept.rule.code!, applied: false, message: kept.refusal };
    else if (kept) {
      rule = kept.rule;
      applied = { id: rule.id, code: rule.code! };
    }
  }
  const recompute = (highRisk: boolean) =>
    computeAmounts({
      lines,
      fees,
      city: input.city,
      paymentMethod: input.paymentMethod,
      code: rule,
      advance,
      highRisk,
    });
  const amounts = recompute(false);
  if (rule)
    code = { code: rule.code!, applied: true, message: appliedMessage(rule, amounts.discount, Boolean(input.phone)) };
  return {
    unitPrices: lines.map((l) => toMoneyString(l.unitPaisa / 100)),
    sales,
    amounts,
    code,
    applied,
    precondition,
    advanceRules: advance,
    recompute,
  };
}

/**
 * The amounts of an order judged high risk at placement (modules/fraud): the same rule, with the
 * high-risk advance when the owner asks for one. The fraud check runs after pricing, so the
 * advance is the only amount this can change.
 */
export function judgedHighRisk(money: PricedOrder, highRisk: boolean): PricedOrder {
  if (!highRisk || !money.advanceRules?.highRisk || !money.recompute) return money;
  return { ...money, amounts: money.recompute(true) };
}

/** Amounts as the quote answers them: numbers of rupees. */
export function amountsInRupees(a: Amounts) {
  return {
    subtotal: a.subtotal / 100,
    saleDiscount: a.saleDiscount / 100,
    discount: a.discount / 100,
    deliveryFee: a.deliveryFee / 100,
    codFee: a.codFee / 100,
    total: a.total / 100,
    advance: a.advance / 100,
    codAmount: a.codAmount / 100,
  };
}

/** Amounts as orders store and answer them: numeric strings. */
export function amountsAsMoney(a: Amounts) {
  const s = (paisa: number) => toMoneyString(paisa / 100);
  return {
    subtotal: s(a.subtotal),
    saleDiscount: s(a.saleDiscount),
    discount: s(a.discount),
    deliveryFee: s(a.deliveryFee),
    codFee: s(a.codFee),
    total: s(a.total),
    advance: s(a.advance),
    codAmount: s(a.codAmount),
  };
}
