import { chosenValues, type VariantOptions } from "@shared/catalogue/variants.js";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import type { MessageTemplate } from "@shared/schemas/whatsapp.js";
import { buttonPayload } from "../webhook/button-payload.js";
import type { TemplateMessage } from "../cloud-api/cloud-api.js";
import { templateText } from "./template-text.js";
import type { WhatsappConfig } from "../whatsapp-config.js";

/** The review request's template (sent a day after delivery, outside the 24-hour window). */
export const REVIEW_TEMPLATE = "order_review";

export interface TemplateOrder {
  id: string;
  customerName: string;
  city: string;
  total: string;
  items: { productName: string; size: string; color: string; options?: VariantOptions; quantity: number }[];
}

/** Longest name and city a template carries: enough for any real one, too short for a pitch. */
const NAME_MAX = 40;
const CITY_MAX = 30;
const ITEMS_MAX = 500;

export function confirmationParameters(order: TemplateOrder): string[] {
  const items = order.items
    .map((i) => {
      const variant = chosenValues(i);
      return `${i.productName}${variant ? ` (${variant})` : ""} x ${i.quantity}`;
    })
    .join("; ");
  return [
    templateText(order.customerName, NAME_MAX),
    orderNumber(order.id),
    templateText(items, ITEMS_MAX),
    formatRs(order.total),
    templateText(order.city, CITY_MAX),
  ];
}

/** What one confirmation request needs besides the settings: the number, the order and the body's values. */
export interface ConfirmationRequest {
  to: string;
  orderId: string;
  bodyParameters: string[];
}

/** A confirmation request as sent: the template, its values and the two buttons' signed payloads. */
export function confirmationMessage(
  config: Pick<WhatsappConfig, "appSecret" | "confirmTemplate" | "templateLanguage">,
  request: ConfirmationRequest,
): TemplateMessage {
  return {
    to: request.to,
    template: config.confirmTemplate,
    language: config.templateLanguage,
    bodyParameters: request.bodyParameters,
    buttonPayloads: [
      buttonPayload(config.appSecret, "confirm", request.orderId),
      buttonPayload(config.appSecret, "cancel", request.orderId),
    ],
  };
}

export function reviewParameters(order: TemplateOrder, link: string): string[] {
  return [templateText(order.customerName, NAME_MAX), orderNumber(order.id), link];
}

/** The templates the store sends, exactly as an owner creates them in WhatsApp Manager. */
export function templatesToCreate(
  config: Pick<WhatsappConfig, "confirmTemplate" | "templateLanguage">,
): MessageTemplate[] {
  return [
    {
      name: config.confirmTemplate,
      language: config.templateLanguage,
      category: "UTILITY",
      body:
        "Assalam o Alaikum {{1}}, thank you for your order #{{2}}.\n\nItems: {{3}}\nTotal: {{4}}, cash on delivery\nCity: {{5}}\n\n" +
        "Please confirm your order so we can ship it, or cancel it if you did not place it.",
      bodyParameters: [
        { number: 1, meaning: "customer name", example: "Ayesha Khan" },
        { number: 2, meaning: "order number", example: "3F9A1C2B" },
        { number: 3, meaning: "items", example: "Lawn Suit (M, Red) x 2" },
        { number: 4, meaning: "total in Rs.", example: "Rs. 5,000" },
        { number: 5, meaning: "city", example: "Lahore" },
      ],
      buttons: [
        { index: 0, type: "QUICK_REPLY", text: "Confirm order", action: "confirms the order" },
        { index: 1, type: "QUICK_REPLY", text: "Cancel order", action: "cancels the order" },
      ],
    },
    {
      name: REVIEW_TEMPLATE,
      language: config.templateLanguage,
      category: "UTILITY",
      body: "Assalam o Alaikum {{1}}, we hope you like your order #{{2}}. Tell other shoppers what you think: {{3}}",
      bodyParameters: [
        { number: 1, meaning: "customer name", example: "Ayesha Khan" },
        { number: 2, meaning: "order number", example: "3F9A1C2B" },
        { number: 3, meaning: "link to write the review", example: "https://shop.example.pk/product/12" },
      ],
      buttons: [],
    },
  ];
}
