/**
 * The stock module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { budgetCtes, budgetRefusal, checkUnitsPerVariant, onlineDay, seedBudgets } from "./online-limits.js";
export type { OnlineBuyer } from "./online-limits.js";
export { checkLineQuantity, checkUnitsLeft } from "./stock-cart.js";
export { refuseShortStock } from "./stock-release.js";
export { lockVariants, putBackReturnedItems } from "./stock-return.js";
export { firstShortfall, notEnoughStock, stockResultColumns, takeStockCtes } from "./stock-sql.js";
export type { StockLine } from "./stock-sql.js";
export { loadStock, lockProductStock, saveStock } from "./stock-store.js";
export { announceStockChange } from "./stock-announce.js";
