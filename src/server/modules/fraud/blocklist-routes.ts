import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { blockPhoneInput } from "@shared/schemas/blocklist.js";
import { parse } from "../../lib/validate.js";
import { blockPhone, listBlocked, unblockPhone } from "./blocklist-service.js";

const phoneParam = z.object({ phone: z.string().max(60) });

/** Numbers refused at checkout (owner only); any spelling of a number names it. */
export async function blocklistRoutes(app: FastifyInstance): Promise<void> {
  const owner = { config: { access: "owner" as const } };

  app.get("/api/admin/blocklist", owner, async () => listBlocked(app.db));

  app.post("/api/admin/blocklist", owner, async (request, reply) => {
    const input = parse(blockPhoneInput, request.body);
    reply.status(201);
    return blockPhone(app.db, input.phone, input.reason);
  });

  app.delete("/api/admin/blocklist/:phone", owner, async (request, reply) => {
    const { phone } = parse(phoneParam, request.params);
    await unblockPhone(app.db, phone);
    reply.status(204);
  });
}
