/**
 * The advance module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { advanceReplyLines, withPaymentAccounts } from "./advance-answers.js";
export { gateShipping, refuseUnpaidAdvances } from "./advance-gate.js";
export { recordAdvanceRefund } from "./advance-service.js";
export { settleAdvanceAfterEdit } from "./advance-after-edit.js";
export { advanceCondition, advanceProofOf } from "./advance-view.js";
export { safepayConfigFromEnv } from "./safepay-config.js";
export type { SafepayConfig } from "./safepay-config.js";
