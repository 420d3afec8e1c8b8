import type { FastifyInstance } from "fastify";
import { uuidParam } from "@shared/schemas/common.js";
import { noteInput } from "@shared/schemas/staff.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { addOrderNote } from "./notes.js";

export async function notesRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/orders/:id/notes", { config: { access: "agent", auditsItself: true } }, async (request, reply) => {
    const params = uuidParam.safeParse(request.params);
    if (!params.success) throw new AppError("NOT_FOUND", "Order not found");
    const { text } = parse(noteInput, request.body);
    const note = await addOrderNote(app.db, request.admin!, params.data.id.toLowerCase(), text);
    reply.status(201);
    return note;
  });
}
