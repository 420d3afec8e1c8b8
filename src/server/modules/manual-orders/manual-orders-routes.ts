import type { FastifyInstance } from "fastify";
import { manualOrderInput } from "@shared/schemas/stock.js";
import { parse } from "../../lib/validate.js";
import { orderDetail } from "../orders/index.js";
import { placeOrder } from "../order-core/index.js";
import { checkPlacement } from "../fraud/index.js";
import { confirmationOnPlacement } from "../whatsapp/index.js";
import { actorOf } from "../audit/index.js";

/**
 * POST /api/admin/orders: a staff member takes an order that came by WhatsApp, Instagram,
 * Facebook or phone. Priced, checked and stock taken exactly as a web order; the timeline names
 * the staff member; the customer gets a WhatsApp confirmation only when `notifyCustomer` asks.
 */
export async function manualOrdersRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/admin/orders", { config: { access: "agent" } }, async (request, reply) => {
    const { items, source, status, notifyCustomer, ...customer } = parse(manualOrderInput, request.body);
    const { order } = await placeOrder(
      app.orderCore,
      {
        ...customer,
        items: items.map((item) => ({ ...item, selectedImage: null })),
        paymentMethod: "cod",
        sessionId: null,
      },
      {
        source,
        status,
        actor: actorOf(request),
        // The same blocklist, COD rules and risk as a web order; the network is the staff
        // member's, not the customer's, so it is not counted.
        beforeCreate: async (subtotalPaisa) => {
          const risk = await checkPlacement(app.db, {
            phone: customer.customerPhone,
            address: customer.shippingAddress,
            city: customer.city,
            totalRs: subtotalPaisa / 100,
            networkKey: null,
          });
          const confirmation = notifyCustomer ? confirmationOnPlacement(app.config.whatsapp, "staff") : {};
          return { networkKey: null, risk, confirmationState: "off", ...confirmation };
        },
      },
    );
    return reply.status(201).send(await orderDetail(app.db, order.id));
  });
}
