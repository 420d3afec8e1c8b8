/**
 * The pricing module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { toDiscountRule } from "./discount-rows.js";
export { moneyMessageLines, moneyOf, orderMoneyColumns, advanceStillOwed, advanceOf } from "./order-money.js";
export type { OrderMoneyRow } from "./order-money.js";
export { amountsAsMoney, amountsInRupees, judgedHighRisk, priceOrder } from "./price-order.js";
export type { PricedOrder } from "./price-order.js";
export { saleBookOf, salePricer, pricingInForce, storeNow } from "./sale-book.js";
export { shownPriceSql, shownPriceWithNamed } from "./sale-price-sql.js";
