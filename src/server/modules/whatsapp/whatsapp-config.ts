import type { Env } from "../../env.js";

/** The WhatsApp Business Cloud API settings (CONTRACT.md part two); absent means the integration is off. */
export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  apiUrl: string;
  confirmTemplate: string;
  templateLanguage: string;
  reminderHours: number;
  expiryHours: number;
  autoCancel: boolean;
  /** The failed-delivery and shipped templates (modules/shipping); defaults when absent. */
  deliveryIssueTemplate?: string;
  shippedTemplate?: string;
  /** Sent when an order's items change before it ships (order_updated); default when absent. */
  orderUpdatedTemplate?: string;
  /** The store's origin for the review link; the link is relative without it. */
  publicUrl?: string;
  /** How long one call to the Cloud API may take before it counts as failed (and is retried). */
  requestTimeoutMs?: number;
}

/** On only when the token, the phone number id and the app secret are all given. */
export function whatsappConfigFromEnv(env: Env): WhatsappConfig | undefined {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_APP_SECRET) return undefined;
  return {
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: env.WHATSAPP_APP_SECRET,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? "",
    apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ""),
    confirmTemplate: env.WHATSAPP_CONFIRM_TEMPLATE,
    templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE,
    reminderHours: env.CONFIRM_REMINDER_HOURS,
    expiryHours: env.CONFIRM_EXPIRY_HOURS,
    autoCancel: env.AUTO_CANCEL_UNCONFIRMED === "1",
    deliveryIssueTemplate: env.WHATSAPP_DELIVERY_ISSUE_TEMPLATE,
    shippedTemplate: env.WHATSAPP_SHIPPED_TEMPLATE,
    orderUpdatedTemplate: env.WHATSAPP_ORDER_UPDATED_TEMPLATE,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
  };
}
