/**
 * The fraud module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { checkPlacement, readFacts } from "./placement-checks.js";
export { guardPlacement } from "./placement-guard.js";
export type { PlacementGuard } from "./placement-guard.js";
export { heldForAgent } from "./risk.js";
