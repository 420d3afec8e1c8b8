import type { FastifyInstance } from "fastify";
import { attributeInput, attributePatch } from "@shared/schemas/attributes.js";
import { idParam } from "@shared/schemas/common.js";
import { parse } from "../../lib/validate.js";
import { recordChange } from "../audit/index.js";
import { createAttribute, deleteAttribute, listAttributes, updateAttribute } from "./attribute-service.js";

const attributeOf = async (app: FastifyInstance, id: number) =>
  (await listAttributes(app.db)).find((a) => a.id === id) ?? null;

/** The owner keeps the attributes; staff read them (the product form lists them). */
export async function attributesRoutes(app: FastifyInstance): Promise<void> {
  const owner = { config: { access: "owner", auditsItself: true } } as const;

  app.get("/api/admin/attributes", { config: { access: "agent" } }, async () => listAttributes(app.db));

  app.post("/api/admin/attributes", owner, async (request, reply) => {
    const attribute = await createAttribute(app.db, parse(attributeInput, request.body));
    await recordChange(app.db, request, {
      action: "attribute.create",
      entity: "attribute",
      entityId: attribute.id,
      before: null,
      after: attribute,
    });
    return reply.status(201).send(attribute);
  });

  app.patch("/api/admin/attributes/:id", owner, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await attributeOf(app, id);
    const attribute = await updateAttribute(app.db, id, parse(attributePatch, request.body));
    await recordChange(app.db, request, {
      action: "attribute.update",
      entity: "attribute",
      entityId: id,
      before,
      after: attribute,
    });
    return attribute;
  });

  app.delete("/api/admin/attributes/:id", owner, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await attributeOf(app, id);
    await deleteAttribute(app.db, id);
    await recordChange(app.db, request, {
      action: "attribute.delete",
      entity: "attribute",
      entityId: id,
      before,
      after: null,
    });
    return { success: true, id };
  });
}
