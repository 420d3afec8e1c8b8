/**
 * The products module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { toProducts } from "./product-serialize.js";
export { movedAddress, movesBeforeRendering } from "./page-addresses.js";
