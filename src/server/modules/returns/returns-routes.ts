import type { FastifyInstance, FastifyRequest } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { RETURN_PHOTOS_MAX } from "@shared/rules/returns.js";
import { uuidParam } from "@shared/schemas/common.js";
import { adminReturnsQuery, decideReturnInput, returnRequestInput } from "@shared/schemas/returns.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { Throttle } from "../../lib/throttle.js";
import { parse, parseJsonField } from "../../lib/validate.js";
import { requireAdmin } from "../../plugins/auth.js";
import { announceStockChange } from "../stock/stock-announce.js";
import { requestReturn } from "./return-request.js";
import { decideReturn, listReturns } from "./returns-admin.js";

/** JSON, or a multipart form with the request in 'returnData' and up to 3 'photos'. */
async function readRequest(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: parse(returnRequestInput, request.body), photos: [] };
  const form = await readMultipart(request);
  const input = parseJsonField(returnRequestInput, form.fields.returnData, "returnData");
  const photos = filesOf(form, "photos", RETURN_PHOTOS_MAX);
  if (form.files.length > photos.length) throw new AppError("VALIDATION", "Send photos in the 'photos' field");
  return { input, photos: photos.map((f) => ({ filename: f.filename, bytes: f.bytes })) };
}

/** Returns and exchanges: the customer's request (proving the phone) and the agent's decisions. */
export async function returnsRoutes(app: FastifyInstance): Promise<void> {
  // Refused requests (another phone, an unknown order) are probing: counted per number and per network.
  const perPhone = new Throttle(10, 10 * 60_000, "refused return requests for this phone number");
  const perIp = new Throttle(100, 10 * 60_000, "refused return requests from your network");
  const agent = { preHandler: requireAdmin, config: { access: "agent" as const } };

  app.post("/api/returns", { config: { access: "public" } }, async (request, reply) => {
    perIp.check(request.ip);
    const { input, photos } = await readRequest(request);
    const key = phoneKey(input.phone);
    perPhone.check(key);
    try {
      const created = await requestReturn(app.db, input, photos, app.clock.now());
      reply.status(201);
      return created;
    } catch (err) {
      if (err instanceof AppError && (err.status === 403 || err.status === 404)) {
        perIp.record(request.ip);
        perPhone.record(key);
      }
      throw err;
    }
  });

  app.get("/api/admin/returns", agent, async (request) =>
    listReturns(app.db, parse(adminReturnsQuery, request.query).status),
  );

  app.patch("/api/admin/returns/:id", agent, async (request) => {
    const parsed = uuidParam.safeParse(request.params);
    if (!parsed.success) throw new AppError("NOT_FOUND", "Return request not found");
    const decided = await decideReturn(
      app.db,
      parsed.data.id.toLowerCase(),
      parse(decideReturnInput, request.body),
      request.admin?.username ?? "admin",
    );
    await announceStockChange(app, decided.stockLowest);
    if (decided.replacementPlaced) app.orderEvents.publish();
    return decided.request;
  });
}
