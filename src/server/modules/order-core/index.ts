/**
 * The order-core module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { changeCustomerDetails } from "./customer-details.js";
export type { CustomerDetails } from "./customer-details.js";
export { orderIdParam, orderNotFound } from "./errors.js";
export { registerOrderCore } from "./order-core.js";
export type { OrderCore, OrderWrite } from "./order-core.js";
export { provesOrder, resolveOrderRef } from "./order-ref.js";
export { isoTime, loadItems, orderColumns, toAdminOrder, toPlacedOrder, toTrackedOrder } from "./order-serialize.js";
export type { OrderRow } from "./order-serialize.js";
export { adminOrder, cancelAsCustomer } from "./order-status.js";
export { placeWebOrder } from "./place-web-order.js";
export { placeStaffOrder } from "./place-staff-order.js";
export { placeExchangeReplacement } from "./place-exchange-replacement.js";
export { editOrderItems, itemsVersion, previewItemEdit } from "./edit-order-items.js";
export { describeItems } from "./edit-record.js";
export type { OrderExtras } from "./place-order.js";
export type {
  BookedParcel,
  ConfirmationOnPlacement,
  ItemEditSteps,
  JudgedRisk,
  PlacementSteps,
  Placer,
  RiskQuestion,
  StaffPlacementSteps,
  WebPlacementSteps,
} from "./placement-steps.js";
export type { StatusChange } from "./status-transition.js";
