/**
 * The orders module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { orderDetail } from "./order-admin.js";
export { PlacementThrottles } from "./placement-throttles.js";
