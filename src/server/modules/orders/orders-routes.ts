import type { FastifyInstance, FastifyRequest } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { adminOrderListQuery, placeOrderInput, trackOrdersInput, updateOrderInput } from "@shared/schemas/orders.js";
import { AppError } from "../../lib/app-error.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { readAdmin } from "../auth/index.js";
import { guardPlacement, type PlacementGuard, heldForAgent } from "../fraud/index.js";
import { onlineDay, refuseShortStock } from "../stock/index.js";
import { confirmationOnPlacement } from "../whatsapp/index.js";
import { optionalSessionId, requireSessionId } from "../cart/index.js";
import { listOrders, orderDetail } from "./order-admin.js";
import { orderIdParam, cancelAsCustomer, placeOrder } from "../order-core/index.js";
import { changeOrderAsAdmin, correctionOf, correctOrder } from "../shipping/index.js";
import { allPreconditions } from "../../db/statement-parts.js";
import { PlacementThrottles } from "./placement-throttles.js";
import { ordersOfSession, trackOrders } from "./tracking.js";
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema.js";
import { recordAudit } from "../audit/index.js";
import { adContextOnPlacement } from "../ads/index.js";
import { withPaymentAccounts } from "../advance/index.js";

function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? raw[0] : raw).trim();
  if (key.length < 1 || key.length > 200)
    throw new AppError("VALIDATION", "The Idempotency-Key header must be 1 to 200 characters");
  return key;
}

/** The phone key a placement claims, read before validation so even refused attempts count. */
function claimedPhoneKey(body: unknown): string | undefined {
  const phone = (body as { customerPhone?: unknown } | null)?.customerPhone;
  if (typeof phone !== "string" || phone.length > 100) return undefined;
  const key = phoneKey(phone);
  return key.length >= 10 ? key : undefined;
}

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  // Tracking reveals orders to whoever knows a phone number: tight per number, generous per
  // client address (many shoppers share a carrier's NAT address).
  const perPhone = new Throttle(10, 10 * 60_000, "order searches for this phone number", app.throttleStore);
  const perIp = new Throttle(300, 10 * 60_000, "order searches from your network", app.throttleStore);

  const placing = new PlacementThrottles(app.throttleStore);

  app.post("/api/orders", { config: { access: "public" } }, async (request, reply) => {
    const network = networkKey(request.ip);
    const claimedPhone = claimedPhoneKey(request.body);
    await placing.beforeAnything(network, claimedPhone);
    try {
      const key = idempotencyKey(request);
      const input = parse(placeOrderInput, request.body);
      // The spec's client sends the session in the body; the header is the contract's way.
      const sessionId = input.sessionId ?? optionalSessionId(request) ?? null;
      const placer = { network, claimedPhone, phone: phoneKey(input.customerPhone) };
      let guard: PlacementGuard | undefined;
      const { order, created } = await placeOrder(
        app.orderCore,
        { ...input, sessionId },
        {
          idempotencyKey: key,
          onlineBuyer: { phone: placer.phone, network, day: onlineDay(app.clock.now()) },
          // Checked only for a new order: a retry of one already placed is always answered.
          beforeCreate: async (subtotalPaisa, found) => {
            const limits = await placing.guard(placer, found?.throttles);
            // Judged from the facts expected, which the order's own statement checks.
            guard = await guardPlacement(
              app.db,
              {
                phone: input.customerPhone,
                address: input.shippingAddress,
                city: input.city,
                totalRs: subtotalPaisa / 100,
                networkKey: network,
              },
              found?.facts as Record<string, unknown> | undefined,
            );
            const held = heldForAgent(guard.risk);
            return {
              networkKey: network,
              risk: guard.risk,
              precondition: allPreconditions({ throttles: limits, facts: guard.precondition }),
              ...confirmationOnPlacement(app.config.whatsapp, { heldForAgent: held }),
              reserveScarce: !held,
              alsoInsert: [...placing.countInStatement(placer), ...adContextOnPlacement(app, request)],
            };
          },
        },
      );
      if (created) {
        guard?.placed();
        await placing.placed(placer);
      }
      reply.status(created ? 201 : 200);
      return (await withPaymentAccounts(app.db, [order], !!app.config.safepay))[0];
    } catch (err) {
      if (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429)
        await placing.refused(network, claimedPhone);
      throw err;
    }
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

  app.patch("/api/orders/:id", { config: { access: "public", auditsItself: true } }, async (request) => {
    const id = orderIdParam(request.params);
    const input = parse(updateOrderInput, request.body);
    const staff = await readAdmin(app, request);
    if (staff) {
      // Staff correct the customer's details until the order ships (CONTRACT.md, "Couriers").
      const correction = correctionOf(input);
      if (correction) await correctOrder(app.db, id, correction, staff.username);
      if (
        correction &&
        input.status === undefined &&
        input.courier === undefined &&
        input.trackingNumber === undefined
      ) {
        await app.orderCore.changed({ touched: [id] });
        return orderDetail(app.db, id);
      }
      const [before] = await app.db
        .select({ status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, id));
      const order = await refuseShortStock(app.db, [id], () => changeOrderAsAdmin(app.orderCore, id, input));
      const after = { status: order.status, courier: order.courier, trackingNumber: order.trackingNumber };
      if (before && JSON.stringify(before) !== JSON.stringify(after))
        await recordAudit(app.db, {
          actor: staff.username,
          action: before.status !== order.status ? "order.status" : "order.tracking",
          entity: "order",
          entityId: id,
          orderId: id,
          before,
          after,
        });
      return order;
    }
    if (input.status !== "cancelled") throw new AppError("UNAUTHORIZED", "Please log in as the store admin to do this");
    return cancelAsCustomer(app.orderCore, id, {
      phone: input.phone,
      sessionId: optionalSessionId(request) ?? input.sessionId,
    });
  });
}
