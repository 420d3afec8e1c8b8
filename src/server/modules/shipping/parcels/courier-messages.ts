import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import { DELIVERY_RESOLUTIONS } from "@shared/schemas/couriers.js";
import type { MessageTemplate } from "@shared/schemas/whatsapp.js";
import { enqueueJob } from "../../../jobs/jobs.js";
import {
  describeParameters,
  parameterValues,
  sendTemplate,
  type TemplateParameter,
  type InboundAnswer,
  templateText,
  quickReplyPayload,
  type InboundMessage,
  type WhatsappConfig,
} from "../../whatsapp/index.js";
import type { Db } from "../../../db/client.js";
import type { OrderWrite, StatusChange } from "../../order-core/index.js";
import { cashToCollect } from "./courier-booking.js";
import { deliveryPayload, readDeliveryPayload } from "./delivery-payload.js";
import { resolveAsCustomer, SEND_DELIVERY_ISSUE_MESSAGE, takeNewAddress } from "./delivery-issues.js";
import { SEND_SHIPPED_MESSAGE } from "./parcel-status.js";
import { rowsOf as rows } from "../../../db/rows.js";

export const DELIVERY_ISSUE_TEMPLATE = "delivery_attempt";
export const SHIPPED_TEMPLATE = "order_shipped";

interface MessageOrder {
  id: string;
  customer_name: string;
  customer_phone: string;
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  total: string;
  codAmount: string;
  status: string;
  reason: string | null;
  attempts: number | null;
}

/** The `order_shipped` parameters, in order: the message's values and the template's description both. */
const SHIPPED_PARAMETERS: readonly TemplateParameter<MessageOrder>[] = [
  { meaning: "customer name", example: "Ayesha Khan", value: (o) => templateText(o.customer_name, 40) },
  { meaning: "order number", example: "3F9A1C2B", value: (o) => orderNumber(o.id) },
  { meaning: "courier", example: "PostEx", value: (o) => templateText(o.courier ?? "our courier", 30) },
  { meaning: "tracking number", example: "CX123456789", value: (o) => o.tracking_number ?? "-" },
  {
    meaning: "tracking link",
    example: "https://postex.pk/tracking?cn=CX123456789",
    value: (o) => o.tracking_url ?? "-",
  },
  { meaning: "cash to collect", example: "Rs. 5,000", value: (o) => formatRs(cashToCollect(o)) },
];

/** The `delivery_attempt` parameters, in order. */
const DELIVERY_ISSUE_PARAMETERS: readonly TemplateParameter<MessageOrder>[] = [
  { meaning: "customer name", example: "Ayesha Khan", value: (o) => templateText(o.customer_name, 40) },
  { meaning: "courier", example: "PostEx", value: (o) => templateText(o.courier ?? "The courier", 30) },
  { meaning: "order number", example: "3F9A1C2B", value: (o) => orderNumber(o.id) },
  {
    meaning: "the courier's reason",
    example: "Customer not available",
    value: (o) => templateText(o.reason ?? "", 120),
  },
];

async function loadOrder(app: FastifyInstance, orderId: string): Promise<MessageOrder | undefined> {
  return rows<MessageOrder>(
    await app.db.execute(sql`
      select o.id, o.customer_name, o.customer_phone, o.courier, o.tracking_number, o.tracking_url, o.total,
        o.cod_amount::text as "codAmount", o.status, d.reason, d.attempts
      from orders o left join delivery_issues d on d.order_id = o.id where o.id = ${orderId}::uuid`),
  )[0];
}

async function alreadySent(app: FastifyInstance, orderId: string, kind: string): Promise<boolean> {
  const sent = await app.db.execute(sql`select 1 from whatsapp_messages
    where order_id = ${orderId}::uuid and direction = 'out' and kind = ${kind} and state <> 'failed'`);
  return rows(sent).length > 0;
}

async function record(app: FastifyInstance, orderId: string, kind: string, waId: string, body: string) {
  await app.db.execute(sql`
    insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body)
    values (${orderId}::uuid, 'out', ${kind}, ${waId}, 'sent', ${body.slice(0, 2000)})`);
}

/** The `order_shipped` message, once per order: courier, tracking number and link, the cash to keep ready. */
async function sendShipped(app: FastifyInstance, config: WhatsappConfig, orderId: string) {
  const order = await loadOrder(app, orderId);
  if (!order || order.status !== "shipped" || !order.tracking_number) return;
  if (await alreadySent(app, orderId, "shipped")) return;
  const cash = formatRs(cashToCollect(order));
  const id = await sendTemplate(config, {
    to: whatsappNumber(order.customer_phone),
    template: config.shippedTemplate ?? SHIPPED_TEMPLATE,
    language: config.templateLanguage,
    bodyParameters: parameterValues(SHIPPED_PARAMETERS, order),
    buttonPayloads: [],
  });
  await record(app, orderId, "shipped", id, `Shipped with ${order.courier}: ${order.tracking_number}, ${cash}`);
}

/** The `delivery_attempt` message: the reason and three signed buttons, once per attempt. */
async function sendDeliveryIssue(app: FastifyInstance, config: WhatsappConfig, orderId: string) {
  const order = await loadOrder(app, orderId);
  if (!order || order.status !== "shipped" || !order.reason) return;
  const kind = `delivery_issue_${order.attempts ?? 1}`;
  if (await alreadySent(app, orderId, kind)) return;
  const id = await sendTemplate(config, {
    to: whatsappNumber(order.customer_phone),
    template: config.deliveryIssueTemplate ?? DELIVERY_ISSUE_TEMPLATE,
    language: config.templateLanguage,
    bodyParameters: parameterValues(DELIVERY_ISSUE_PARAMETERS, order),
    buttonPayloads: DELIVERY_RESOLUTIONS.map((choice) => deliveryPayload(config.appSecret, choice, order.id)),
  });
  await record(app, orderId, kind, id, `Delivery attempt failed: ${order.reason}`);
}

/** Any order that ships, by a booking or by hand, gets its message: queued in the same transaction. */
export async function queueShippedMessages(tx: Db, changes: StatusChange[]): Promise<void> {
  for (const change of changes.filter((c) => c.to === "shipped"))
    await enqueueJob(tx, {
      kind: SEND_SHIPPED_MESSAGE,
      payload: { orderId: change.orderId },
      key: `courier:shipped:${change.orderId}`,
      maxAttempts: 5,
    });
}

/** Registers the two senders with the job runner (only when WhatsApp is on). */
export function registerCourierMessages(app: FastifyInstance, config: WhatsappConfig): void {
  app.jobs.register(SEND_SHIPPED_MESSAGE, (payload) => sendShipped(app, config, String(payload.orderId)));
  app.whatsappInbound.push((w, message, phone) => handleDeliveryReply(w, config, message, phone));
  app.jobs.register(SEND_DELIVERY_ISSUE_MESSAGE, (payload) => sendDeliveryIssue(app, config, String(payload.orderId)));
}

const REPLIES = {
  reattempt: (n: string) => `Thank you. We have asked the courier to deliver your order #${n} again.`,
  return: (n: string) => `Thank you. Your order #${n} will be returned to us; nothing is due.`,
  new_address: (n: string) =>
    `Please send the new address for order #${n} in your next message: house number, street, area and a landmark.`,
};

/**
 * The customer's answer to a failed delivery (whatsapp/conversations/inbound.ts calls it for a message that is
 * not a confirmation's): a signed button press from the order's own number records the choice;
 * after "new address", the next text message from that number is the address. A press for
 * another order or from another number changes nothing. Answers whether the message was ours.
 */
export async function handleDeliveryReply(
  w: OrderWrite,
  config: Pick<WhatsappConfig, "appSecret">,
  message: InboundMessage,
  from: string,
): Promise<InboundAnswer | null> {
  const payload = quickReplyPayload(message);
  if (payload) {
    const press = readDeliveryPayload(config.appSecret, payload);
    if (!press || !(await resolveAsCustomer(w.tx, press.orderId, press.choice, from))) return null;
    return { orderId: press.orderId, text: REPLIES[press.choice](orderNumber(press.orderId)) };
  }
  const text = message.text?.body;
  if (message.type !== "text" || !text) return null;
  const orderId = await takeNewAddress(w.tx, from, text);
  if (!orderId) return null;
  return {
    orderId,
    text: `Thank you. We have sent the new address for order #${orderNumber(orderId)} to the courier.`,
  };
}

/** The two templates as an owner creates them in WhatsApp Manager (added to the WhatsApp settings list). */
export function courierTemplatesToCreate(
  config: Pick<WhatsappConfig, "templateLanguage" | "deliveryIssueTemplate" | "shippedTemplate">,
): MessageTemplate[] {
  return [
    {
      name: config.deliveryIssueTemplate ?? DELIVERY_ISSUE_TEMPLATE,
      language: config.templateLanguage,
      category: "UTILITY",
      body:
        "Assalam o Alaikum {{1}}, {{2}} could not deliver your order #{{3}}: {{4}}.\n\n" +
        "What should we do? Choose below and we will tell the courier.",
      bodyParameters: describeParameters(DELIVERY_ISSUE_PARAMETERS),
      buttons: [
        { index: 0, type: "QUICK_REPLY", text: "Deliver again", action: "asks the courier to deliver again" },
        { index: 1, type: "QUICK_REPLY", text: "New address", action: "asks for the new address in the next message" },
        { index: 2, type: "QUICK_REPLY", text: "Return parcel", action: "asks the courier to return the parcel" },
      ],
    },
    {
      name: config.shippedTemplate ?? SHIPPED_TEMPLATE,
      language: config.templateLanguage,
      category: "UTILITY",
      body:
        "Assalam o Alaikum {{1}}, your order #{{2}} is on its way with {{3}}.\n\n" +
        "Tracking number: {{4}}\nTrack it here: {{5}}\n\nPlease keep {{6}} in cash ready for the rider.",
      bodyParameters: describeParameters(SHIPPED_PARAMETERS),
      buttons: [],
    },
  ];
}
