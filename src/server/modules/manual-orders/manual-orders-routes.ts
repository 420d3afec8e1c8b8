import type { FastifyInstance } from "fastify";
import { manualOrderInput } from "@shared/schemas/stock.js";
import { parse } from "../../lib/validate.js";
import { orderDetail } from "../orders/index.js";
import { placeStaffOrder } from "../order-core/index.js";
import { actorOf } from "../audit/index.js";

/** POST /api/admin/orders: a staff member takes an order by hand (the order core's `placeStaffOrder`). */
export async function manualOrdersRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/admin/orders", { config: { access: "agent" } }, async (request, reply) => {
    const input = parse(manualOrderInput, request.body);
    const order = await placeStaffOrder(app.orderCore, app.placementSteps.staff, input, actorOf(request));
    return reply.status(201).send(await orderDetail(app.db, order.id));
  });
}
