import type { FastifyInstance } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { adminOrderListQuery, trackOrdersInput, updateOrderInput } from "@shared/schemas/orders.js";
import { bulkStatusInput } from "@shared/schemas/shipping.js";
import { editOrderItemsInput } from "@shared/schemas/order-edits.js";
import { AppError } from "../../lib/app-error.js";
import { networkKey } from "../../lib/network-key.js";
import { optionalSessionId, requireSessionId } from "../../lib/session-id.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { readAdmin } from "../auth/index.js";
import { refuseShortStock } from "../stock/index.js";
import { listOrders, orderDetail } from "./order-admin.js";
import { orderIdParam, cancelAsCustomer, editOrderItems, placeWebOrder, previewItemEdit } from "../order-core/index.js";
import { changeOrderAsStaff, setStatusOfMany } from "./order-status-admin.js";
import { ordersOfSession, trackOrders } from "./tracking.js";
import { actorOf } from "../audit/index.js";
import { withPaymentAccounts } from "../advance/index.js";

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  // Tracking reveals orders to whoever knows a phone number: tight per number, generous per
  // client address (many shoppers share a carrier's NAT address).
  const perPhone = new Throttle(10, 10 * 60_000, "order searches for this phone number", app.throttleStore);
  const perIp = new Throttle(300, 10 * 60_000, "order searches from your network", app.throttleStore);

  app.post("/api/orders", { config: { access: "public" } }, async (request, reply) => {
    const { order, created } = await placeWebOrder(app.orderCore, app.placementSteps.web, request);
    reply.status(created ? 201 : 200);
    return (await withPaymentAccounts(app.db, [order], !!app.config.safepay))[0];
  });

  app.patch("/api/admin/orders", { config: { access: "agent", auditsItself: true } }, async (request) => {
    const { ids, status } = parse(bulkStatusInput, request.body);
    return refuseShortStock(app.db, ids, () => setStatusOfMany(app.orderCore, ids, status, actorOf(request)));
  });

  app.get("/api/orders", { config: { access: "agent" } }, async (request) =>
    listOrders(app.db, parse(adminOrderListQuery, request.query)),
  );

  app.get("/api/orders/mine", { config: { access: "public" } }, async (request) =>
    withPaymentAccounts(app.db, await ordersOfSession(app.db, requireSessionId(request)), !!app.config.safepay),
  );

  app.post("/api/orders/track", { config: { access: "public" } }, async (request) => {
    const input = parse(trackOrdersInput, request.body);
    await perIp.take(networkKey(request.ip));
    await perPhone.take(phoneKey(input.phone));
    return withPaymentAccounts(app.db, await trackOrders(app.db, input), !!app.config.safepay);
  });

  app.get("/api/orders/:id", { config: { access: "agent" } }, async (request) =>
    orderDetail(app.db, orderIdParam(request.params)),
  );

  // Changing an order's items before it ships (the order core's `editOrderItems`, decision 042).
  app.post(
    "/api/admin/orders/:id/items/preview",
    { config: { access: "agent", auditsItself: true } },
    async (request) =>
      previewItemEdit(
        app.db,
        app.placementSteps.itemEdit,
        orderIdParam(request.params),
        parse(editOrderItemsInput, request.body),
      ),
  );

  app.patch("/api/admin/orders/:id/items", { config: { access: "agent", auditsItself: true } }, async (request) => {
    const id = orderIdParam(request.params);
    const input = parse(editOrderItemsInput, request.body);
    const steps = app.placementSteps.itemEdit;
    const { outcome, rebooking } = await editOrderItems(app.orderCore, steps, id, input, actorOf(request));
    return { ...(await orderDetail(app.db, id)), change: outcome, rebooking };
  });

  app.patch("/api/orders/:id", { config: { access: "public", auditsItself: true } }, async (request) => {
    const id = orderIdParam(request.params);
    const input = parse(updateOrderInput, request.body);
    const staff = await readAdmin(app, request);
    if (staff) return changeOrderAsStaff(app.orderCore, id, input, staff.username);
    if (input.status !== "cancelled") throw new AppError("UNAUTHORIZED", "Please log in as the store admin to do this");
    return cancelAsCustomer(app.orderCore, id, {
      phone: input.phone,
      sessionId: optionalSessionId(request) ?? input.sessionId,
    });
  });
}
