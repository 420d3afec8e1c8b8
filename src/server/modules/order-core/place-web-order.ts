import type { FastifyRequest } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { placeOrderInput, type NewOrder } from "@shared/schemas/orders.js";
import { allPreconditions } from "../../db/statement-parts.js";
import { AppError } from "../../lib/app-error.js";
import { networkKey } from "../../lib/network-key.js";
import { optionalSessionId } from "../../lib/session-id.js";
import { parse } from "../../lib/validate.js";
import { onlineDay } from "../stock/index.js";
import type { OrderCore } from "./order-core.js";
import { placeOrder, type OrderExtras } from "./place-order.js";
import type { JudgedRisk, Placer, WebPlacementSteps } from "./placement-steps.js";

/** The `Idempotency-Key` header: the same key answers the same order, never a second one. */
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

/** A refusal the shopper caused (bad fields, sold out, a rule broken), counted against probing. */
const refusedByUs = (err: unknown) =>
  err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429;

/**
 * POST /api/orders: a shopper's order from the website, in the steps it takes.
 * 1. Throttles that need no database (refused attempts per network and phone).
 * 2. The body validated; the cart session from the body (the spec's client) or the header.
 * 3. The order priced and placed in one statement (`placeOrder`), which first asks, from the
 *    order's total: the placement throttles, the fake-order checks (a high-risk order is held for
 *    an agent, takes no scarce stock, gets no WhatsApp message), the confirmation request, and the
 *    ad cookies; and which re-asks with what it found when those facts moved meanwhile.
 * 4. Once stored: the throttles and the fraud memory learn of it. A refusal counts against the
 *    network and phone that tried.
 * A retry with the same Idempotency-Key answers the order already placed (`created: false`).
 */
export async function placeWebOrder(
  core: OrderCore,
  steps: WebPlacementSteps,
  request: FastifyRequest,
): Promise<{ order: NewOrder; created: boolean }> {
  const network = networkKey(request.ip);
  const claimedPhone = claimedPhoneKey(request.body);
  await steps.throttles.beforeAnything(network, claimedPhone);
  try {
    const key = idempotencyKey(request);
    const input = parse(placeOrderInput, request.body);
    const sessionId = input.sessionId ?? optionalSessionId(request) ?? null;
    const placer: Placer = { network, claimedPhone, phone: phoneKey(input.customerPhone) };
    let judged: JudgedRisk | undefined;

    const extrasFor = async (totalPaisa: number, found?: Record<string, unknown>): Promise<OrderExtras> => {
      const throttles = await steps.throttles.guard(placer, found?.throttles);
      judged = await steps.judgeRisk(
        {
          phone: input.customerPhone,
          address: input.shippingAddress,
          city: input.city,
          totalRs: totalPaisa / 100,
          networkKey: network,
        },
        found?.facts as Record<string, unknown> | undefined,
      );
      return {
        networkKey: network,
        risk: judged.risk,
        precondition: allPreconditions({ throttles, facts: judged.precondition ?? null }),
        ...steps.confirmation(judged.held),
        reserveScarce: !judged.held,
        alsoInsert: [...steps.throttles.countInStatement(placer), ...steps.adContext(request)],
      };
    };

    const placed = await placeOrder(
      core,
      { ...input, sessionId },
      {
        idempotencyKey: key,
        onlineBuyer: { phone: placer.phone, network, day: onlineDay(steps.now()) },
        extrasFor,
      },
    );
    if (placed.created) {
      judged?.placed?.();
      await steps.throttles.placed(placer);
    }
    return placed;
  } catch (err) {
    if (refusedByUs(err)) await steps.throttles.refused(network, claimedPhone);
    throw err;
  }
}
