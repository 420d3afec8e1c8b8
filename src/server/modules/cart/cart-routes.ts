import type { FastifyInstance } from "fastify";
import { addToCartInput, updateCartInput } from "@shared/schemas/cart.js";
import { idParam } from "@shared/schemas/common.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { addToCart, listCart, removeCartLine, updateCartLine } from "./cart-service.js";
import { cartWriteThrottle } from "./cart-throttles.js";
import { requireSessionId } from "../../lib/session-id.js";

/** A line id that is not a valid id cannot belong to the caller: the same 404 as another session's line. */
function lineId(params: unknown): number {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) throw new AppError("NOT_FOUND", "Cart item not found");
  return parsed.data.id;
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const countWrite = cartWriteThrottle(app);

  app.get("/api/cart", { config: { access: "public" } }, async (request) =>
    listCart(app.db, requireSessionId(request)),
  );

  app.post("/api/cart", { config: { access: "public" } }, async (request, reply) => {
    const input = parse(addToCartInput, request.body);
    const sessionId = input.sessionId.toLowerCase();
    await countWrite(request, sessionId);
    reply.status(201);
    return addToCart(app.db, { ...input, sessionId });
  });

  app.put("/api/cart/:id", { config: { access: "public" } }, async (request) => {
    const sessionId = requireSessionId(request);
    const id = lineId(request.params);
    const { quantity } = parse(updateCartInput, request.body);
    await countWrite(request, sessionId);
    return updateCartLine(app.db, sessionId, id, quantity);
  });

  app.delete("/api/cart/:id", { config: { access: "public" } }, async (request) => {
    const sessionId = requireSessionId(request);
    const id = lineId(request.params);
    await countWrite(request, sessionId);
    await removeCartLine(app.db, sessionId, id);
    return { id, deleted: true };
  });
}
