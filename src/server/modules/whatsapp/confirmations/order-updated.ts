import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import type { MessageTemplate } from "@shared/schemas/whatsapp.js";
import type { Db } from "../../../db/client.js";
import { queryRows } from "../../../db/rows.js";
import { enqueueJob } from "../../../jobs/jobs.js";
import { describeItems, loadItems } from "../../order-core/index.js";
import { sendTemplate } from "../cloud-api/cloud-api.js";
import { describeParameters, parameterValues, type TemplateParameter } from "../cloud-api/template-parameters.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import { templateText } from "./template-text.js";

export const ORDER_UPDATED_TEMPLATE = "order_updated";
export const SEND_ORDER_UPDATED = "whatsapp.order-updated";

/**
 * An order's items changed (order-core/edit-order-items.ts): the customer's `order_updated`
 * message is queued in the change's own transaction, so it is sent once the change is committed
 * and never for one rolled back. Changes made while one is still waiting share it: it is written
 * from the order as it is when it goes out.
 */
export async function queueOrderUpdated(tx: Db, orderId: string): Promise<void> {
  await enqueueJob(tx, {
    kind: SEND_ORDER_UPDATED,
    payload: { orderId },
    key: `whatsapp:order-updated:${orderId}`,
    maxAttempts: 5,
  });
}

interface UpdatedOrder {
  id: string;
  customer_name: string;
  customer_phone: string;
  status: string;
  total: string;
  cod_amount: string;
  owed: string;
}

/** What the `order_updated` message says of one order. */
interface UpdatedMessage {
  order: UpdatedOrder;
  itemsText: string;
  toPay: string;
}

/** The template's parameters, in order: the message's values and the template's description both. */
const ORDER_UPDATED_PARAMETERS: readonly TemplateParameter<UpdatedMessage>[] = [
  { meaning: "customer name", example: "Ayesha Khan", value: (m) => templateText(m.order.customer_name, 40) },
  { meaning: "order number", example: "3F9A1C2B", value: (m) => orderNumber(m.order.id) },
  { meaning: "items", example: "Lawn Suit: M / Red x 1; Silk Dupatta x 1", value: (m) => m.itemsText },
  { meaning: "new total in Rs.", example: "Rs. 6,200", value: (m) => formatRs(m.order.total) },
  { meaning: "what to pay", example: "Rs. 6,200 on delivery", value: (m) => m.toPay },
];

/** The message: name, order number, the new items, the new total and what to pay (advance, cash). */
async function sendOrderUpdated(app: FastifyInstance, config: WhatsappConfig, orderId: string): Promise<void> {
  const [order] = await queryRows<UpdatedOrder>(
    app.db,
    sql`select id, customer_name, customer_phone, status, total::text, cod_amount::text,
          (case when advance_status in ('due', 'submitted', 'rejected')
             then greatest(advance_amount - advance_paid, 0) else 0 end)::text as owed
        from orders where id = ${orderId}::uuid`,
  );
  if (!order || ["cancelled", "returned", "delivered"].includes(order.status)) return;
  const items = (await loadItems(app.db, [orderId])).get(orderId) ?? [];
  const owed = Number(order.owed);
  const toPay =
    owed > 0
      ? `${formatRs(owed)} in advance, then ${formatRs(Number(order.cod_amount) - owed)} on delivery`
      : `${formatRs(order.cod_amount)} on delivery`;
  const itemsText = templateText(describeItems(items), 600);
  const id = await sendTemplate(config, {
    to: whatsappNumber(order.customer_phone),
    template: config.orderUpdatedTemplate ?? ORDER_UPDATED_TEMPLATE,
    language: config.templateLanguage,
    bodyParameters: parameterValues(ORDER_UPDATED_PARAMETERS, { order, itemsText, toPay }),
    buttonPayloads: [],
  });
  await app.db.execute(sql`
    insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body)
    values (${orderId}::uuid, 'out', 'order_updated', ${id}, 'sent',
            ${`Order updated: ${itemsText}; total ${formatRs(order.total)}; to pay ${toPay}`.slice(0, 2000)})`);
}

/** Registers the sender with the job runner (only when WhatsApp is on). */
export function registerOrderUpdatedMessages(app: FastifyInstance, config: WhatsappConfig): void {
  app.jobs.register(SEND_ORDER_UPDATED, (payload) => sendOrderUpdated(app, config, String(payload.orderId)));
}

/** The template as an owner creates it in WhatsApp Manager. */
export function orderUpdatedTemplate(
  config: Pick<WhatsappConfig, "templateLanguage" | "orderUpdatedTemplate">,
): MessageTemplate {
  return {
    name: config.orderUpdatedTemplate ?? ORDER_UPDATED_TEMPLATE,
    language: config.templateLanguage,
    category: "UTILITY",
    body:
      "Assalam o Alaikum {{1}}, your order #{{2}} has been updated as you asked.\n\n" +
      "Items: {{3}}\nNew total: {{4}}\nTo pay: {{5}}\n\nReply here if anything is not right.",
    bodyParameters: describeParameters(ORDER_UPDATED_PARAMETERS),
    buttons: [],
  };
}
