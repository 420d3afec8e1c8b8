/**
 * The remittances module's public face: nothing other modules import today (the registry
 * imports its routes). Anything in this folder is the module's own (eslint.config.js refuses a
 * deep import from outside).
 */
export { summarizeDeliveries } from "./remittance-listener.js";
