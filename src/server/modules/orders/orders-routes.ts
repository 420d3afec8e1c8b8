import type { FastifyInstance, FastifyRequest } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { adminOrderListQuery, placeOrderInput, trackOrdersInput, updateOrderInput } from "@shared/schemas/orders.js";
import { uuidParam } from "@shared/schemas/common.js";
import { AppError } from "../../lib/app-error.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { readAdmin, requireAdmin } from "../../plugins/auth.js";
import { optionalSessionId, requireSessionId } from "../cart/session-id.js";
import { listOrders, orderDetail, orderNotFound } from "./order-admin.js";
import { cancelAsCustomer, setStatusAsAdmin } from "./order-status.js";
import { placeOrder } from "./place-order.js";
import { ordersOfSession, trackOrders } from "./tracking.js";

/** A malformed id names no order: the same 404 as an unknown one. */
function orderId(params: unknown): string {
  const parsed = uuidParam.safeParse(params);
  if (!parsed.success) throw orderNotFound();
  return parsed.data.id.toLowerCase();
}

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
  const perPhone = new Throttle(10, 10 * 60_000, "order searches for this phone number");
  const perIp = new Throttle(300, 10 * 60_000, "order searches from your network");

  // Placing: refused attempts (bad fields, 409s) are probing or a broken client, so they are
  // counted, generously per address (carrier NAT) and tightly per phone number (yet above what a
  // shopper meets: a few sold-out items, a retyped field); successful orders get a generous cap
  // per phone number against order spam.
  const failedPerIp = new Throttle(100, 10 * 60_000, "refused orders from your network");
  const failedPerPhone = new Throttle(20, 10 * 60_000, "refused orders for this phone number");
  const placedPerPhone = new Throttle(30, 60 * 60_000, "orders for this phone number");

  app.post("/api/orders", async (request, reply) => {
    const phone = claimedPhoneKey(request.body);
    failedPerIp.check(request.ip);
    if (phone) failedPerPhone.check(phone);
    try {
      const key = idempotencyKey(request);
      const input = parse(placeOrderInput, request.body);
      // The spec's client sends the session in the body; the header is the contract's way.
      const sessionId = input.sessionId ?? optionalSessionId(request) ?? null;
      const placedKey = phoneKey(input.customerPhone);
      // Checked only for a new order: a retry of one already placed is always answered.
      const { order, created } = await placeOrder(app.db, { ...input, sessionId }, key, () =>
        placedPerPhone.check(placedKey),
      );
      if (created) placedPerPhone.record(placedKey);
      reply.status(created ? 201 : 200);
      return order;
    } catch (err) {
      if (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        failedPerIp.record(request.ip);
        if (phone) failedPerPhone.record(phone);
      }
      throw err;
    }
  });

  app.get("/api/orders", { preHandler: requireAdmin }, async (request) =>
    listOrders(app.db, parse(adminOrderListQuery, request.query)),
  );

  app.get("/api/orders/mine", async (request) => ordersOfSession(app.db, requireSessionId(request)));

  app.post("/api/orders/track", async (request) => {
    const input = parse(trackOrdersInput, request.body);
    perIp.take(request.ip);
    perPhone.take(phoneKey(input.phone));
    return trackOrders(app.db, input);
  });

  app.get("/api/orders/:id", { preHandler: requireAdmin }, async (request) =>
    orderDetail(app.db, orderId(request.params)),
  );

  app.patch("/api/orders/:id", async (request) => {
    const id = orderId(request.params);
    const input = parse(updateOrderInput, request.body);
    if (await readAdmin(app, request)) return setStatusAsAdmin(app.db, id, input.status);
    if (input.status !== "cancelled") throw new AppError("UNAUTHORIZED", "Please log in as the store admin to do this");
    return cancelAsCustomer(app.db, id, {
      phone: input.phone,
      sessionId: optionalSessionId(request) ?? input.sessionId,
    });
  });
}
