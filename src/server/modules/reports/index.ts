/**
 * The reports module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { num } from "./sql-rows.js";
export { storeClock, STORE_TIME_ZONE } from "./store-time.js";
export { CSV_BOM, csvLine } from "./csv.js";
