/**
 * The winback module's public face (issue 42): back-in-stock alerts and abandoned-checkout
 * reminders on WhatsApp. Anything else in this folder is the module's own.
 */
export { winbackRoutes } from "./winback-routes.js";
