import type { FastifyInstance } from "fastify";
import { categoryInput } from "@shared/schemas/categories.js";
import { idParam } from "@shared/schemas/common.js";
import { parse } from "../../lib/validate.js";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./category-service.js";
import { recordChange } from "../audit/index.js";

const categoryOf = async (app: FastifyInstance, id: number) =>
  (await listCategories(app.db)).find((c) => c.id === id) ?? null;

/** GET /api/categories is public; changes need the admin session. */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/categories", { config: { access: "public" } }, async () => listCategories(app.db));

  app.post("/api/categories", { config: { access: "owner", auditsItself: true } }, async (request, reply) => {
    const input = parse(categoryInput, request.body);
    const category = await createCategory(app.db, input);
    await recordChange(app.db, request, {
      action: "category.create",
      entity: "category",
      entityId: category.id,
      before: null,
      after: category,
    });
    return reply.status(201).send(category);
  });

  app.put("/api/categories/:id", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await categoryOf(app, id);
    const category = await updateCategory(app.db, id, parse(categoryInput, request.body));
    await recordChange(app.db, request, {
      action: "category.update",
      entity: "category",
      entityId: id,
      before,
      after: category,
    });
    return category;
  });

  app.delete("/api/categories/:id", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await categoryOf(app, id);
    await deleteCategory(app.db, id);
    await recordChange(app.db, request, {
      action: "category.delete",
      entity: "category",
      entityId: id,
      before,
      after: null,
    });
    return { success: true, id };
  });
}
