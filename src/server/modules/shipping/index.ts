/**
 * The shipping module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { courierTimeline, courierViews, openIssueCondition } from "./couriers/courier-view.js";
export { setTrackingByHand } from "./manual-shipping.js";
export { CourierRefused, CourierUnavailable } from "./couriers/courier.js";
export type { Courier } from "./couriers/courier.js";
export { enabledCouriers } from "./couriers/courier-accounts.js";
export { queueShippedMessages } from "./parcels/courier-messages.js";
export { bookedParcel, cancelParcelForEdit, rebookAfterEdit } from "./parcels/rebooking.js";
