import type { FastifyInstance } from "fastify";
import { noteInput } from "@shared/schemas/staff.js";
import { parse } from "../../lib/validate.js";
import { orderIdParam } from "../order-core/index.js";
import { addOrderNote } from "./notes.js";

export async function notesRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/orders/:id/notes", { config: { access: "agent", auditsItself: true } }, async (request, reply) => {
    const orderId = orderIdParam(request.params);
    const { text } = parse(noteInput, request.body);
    const note = await addOrderNote(app.db, request.admin!, orderId, text);
    reply.status(201);
    return note;
  });
}
