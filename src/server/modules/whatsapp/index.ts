/**
 * The whatsapp module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { sendTemplate } from "./cloud-api/cloud-api.js";
export { describeParameters, parameterValues } from "./cloud-api/template-parameters.js";
export type { TemplateParameter } from "./cloud-api/template-parameters.js";
export { registerWhatsappInbound } from "./conversations/inbound-handlers.js";
export type { InboundAnswer } from "./conversations/inbound-handlers.js";
export { confirmationOnPlacement } from "./confirmations/outbox.js";
export { templateText } from "./confirmations/template-text.js";
export { registerWhatsappWebhooks } from "./webhook/webhook-inbox.js";
export { quickReplyPayload } from "./webhook/webhook-payload.js";
export type { InboundMessage } from "./webhook/webhook-payload.js";
export { whatsappConfigFromEnv } from "./whatsapp-config.js";
export type { WhatsappConfig } from "./whatsapp-config.js";
export { queueOrderUpdated } from "./confirmations/order-updated.js";
export { readDailyCount } from "./marketing/daily-limit.js";
export { isOptedOut } from "./marketing/opt-out.js";
export type { MarketingMessage, MarketingSource } from "./marketing/marketing-queue.js";
