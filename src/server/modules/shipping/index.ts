/**
 * The shipping module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { courierTimeline, courierViews, openIssueCondition } from "./courier-view.js";
export { setTrackingByHand } from "./manual-shipping.js";
export { CourierRefused, CourierUnavailable } from "./courier.js";
export type { Courier } from "./courier.js";
export { enabledCouriers } from "./courier-accounts.js";
export { queueShippedMessages } from "./courier-messages.js";
