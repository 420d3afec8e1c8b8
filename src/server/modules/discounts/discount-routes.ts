import type { FastifyInstance } from "fastify";
import { idParam } from "@shared/schemas/common.js";
import { discountInput, type AdminDiscount } from "@shared/schemas/discounts.js";
import { badRequest } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { recordChange } from "../audit/index.js";
import { createDiscount, deleteDiscount, findDiscount, listDiscounts, updateDiscount } from "./discount-service.js";

/** The fields the owner sets (the list's counts are not part of a change). */
const settable = ({ uses: _u, orders: _o, revenue: _r, returned: _d, amountOff: _a, ...rest }: AdminDiscount) => rest;

/**
 * Owner only (CONTRACT.md part three, "Discounts"). A write clears the catalogue cache (its path is
 * among the cache's invalidating writes), so an automatic sale shows at once on every server.
 */
export async function discountRoutes(app: FastifyInstance): Promise<void> {
  const owner = { config: { access: "owner" as const, auditsItself: true } };

  app.get("/api/admin/discounts", { config: { access: "owner" } }, async () => listDiscounts(app.db));

  app.post("/api/admin/discounts", owner, async (request, reply) => {
    const discount = await createDiscount(app.db, parse(discountInput, request.body));
    await recordChange(app.db, request, {
      action: "discount.create",
      entity: "discount",
      entityId: discount.id,
      before: null,
      after: settable(discount),
    });
    return reply.status(201).send(discount);
  });

  app.patch("/api/admin/discounts/:id", owner, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await findDiscount(app.db, id);
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Send the fields to change as JSON");
    // The stored discount with the changes on top, checked whole (an end must still follow the start).
    const input = parse(discountInput, { ...settable(before), ...body });
    const discount = await updateDiscount(app.db, id, input);
    await recordChange(app.db, request, {
      action: "discount.update",
      entity: "discount",
      entityId: id,
      before: settable(before),
      after: settable(discount),
    });
    return discount;
  });

  app.delete("/api/admin/discounts/:id", owner, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await findDiscount(app.db, id);
    await deleteDiscount(app.db, id);
    await recordChange(app.db, request, {
      action: "discount.delete",
      entity: "discount",
      entityId: id,
      before: settable(before),
      after: null,
    });
    return { ok: true };
  });
}
