import type { FastifyInstance } from "fastify";
import { categoryInput } from "@shared/schemas/categories.js";
import { idParam } from "@shared/schemas/common.js";
import { parse } from "../../lib/validate.js";
import { requireAdmin } from "../../plugins/auth.js";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./category-service.js";

/** GET /api/categories is public; changes need the admin session. */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/categories", async () => listCategories(app.db));

  app.post("/api/categories", { preHandler: requireAdmin }, async (request, reply) => {
    const input = parse(categoryInput, request.body);
    return reply.status(201).send(await createCategory(app.db, input));
  });

  app.put("/api/categories/:id", { preHandler: requireAdmin }, async (request) => {
    const { id } = parse(idParam, request.params);
    return updateCategory(app.db, id, parse(categoryInput, request.body));
  });

  app.delete("/api/categories/:id", { preHandler: requireAdmin }, async (request) => {
    const { id } = parse(idParam, request.params);
    await deleteCategory(app.db, id);
    return { success: true, id };
  });
}
