import type { FastifyInstance, FastifyRequest } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { RETURN_PHOTOS_MAX } from "@shared/rules/returns.js";
import { adminReturnsQuery, decideReturnInput, returnRequestInput } from "@shared/schemas/returns.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { idParam, parse, parseJsonField } from "../../lib/validate.js";
import type { z } from "zod";
import type { Upload } from "../images/index.js";
import { checkReturnRight, requestReturn, type ReturnableOrder } from "./return-request.js";
import { decideReturn, listReturns } from "./returns-admin.js";

type ReturnInput = z.output<typeof returnRequestInput>;

/** Returns and exchanges: the customer's request (proving the phone) and the agent's decisions. */
export async function returnsRoutes(app: FastifyInstance): Promise<void> {
  // Refused requests (another phone, an unknown order) are probing: counted per number and per
  // network, across app servers (the store's throttle store).
  const perPhone = new Throttle(10, 10 * 60_000, "refused return requests for this phone number", app.throttleStore);
  const perNetwork = new Throttle(100, 10 * 60_000, "refused return requests from your network", app.throttleStore);
  const agent = { config: { access: "agent" as const } };

  /** The throttles, then the caller's right to the order: before any photo is read. */
  const check = async (request: FastifyRequest, input: ReturnInput) => {
    const network = networkKey(request.ip);
    const phone = phoneKey(input.phone);
    await perNetwork.check(network);
    await perPhone.check(phone);
    try {
      return await checkReturnRight(app.db, input, app.clock.now());
    } catch (err) {
      if (err instanceof AppError && (err.status === 403 || err.status === 404))
        await Promise.all([perNetwork.record(network), perPhone.record(phone)]);
      throw err;
    }
  };

  /** JSON, or a multipart form with the request in 'returnData' and up to 3 'photos'. */
  const readRequest = async (
    request: FastifyRequest,
  ): Promise<{ order: ReturnableOrder; input: ReturnInput; photos: Upload[] }> => {
    if (!request.isMultipart()) {
      const input = parse(returnRequestInput, request.body);
      return { order: await check(request, input), input, photos: [] };
    }
    let checked: { order: ReturnableOrder; input: ReturnInput } | undefined;
    const form = await readMultipart(request, {
      limits: { files: RETURN_PHOTOS_MAX, fields: 1, parts: RETURN_PHOTOS_MAX + 1 },
      beforeFiles: async (fields) => {
        const input = parseJsonField(returnRequestInput, fields.returnData, "returnData");
        checked = { order: await check(request, input), input };
      },
    });
    const photos = filesOf(form, "photos", RETURN_PHOTOS_MAX);
    if (form.files.length > photos.length) throw new AppError("VALIDATION", "Send photos in the 'photos' field");
    return { ...checked!, photos: photos.map((f) => ({ filename: f.filename, bytes: f.bytes })) };
  };

  app.post("/api/returns", { config: { access: "public", upload: true } }, async (request, reply) => {
    const { order, input, photos } = await readRequest(request);
    const created = await requestReturn(app.db, order, input, photos);
    reply.status(201);
    return created;
  });

  app.get("/api/admin/returns", agent, async (request) =>
    listReturns(app.db, parse(adminReturnsQuery, request.query).status),
  );

  app.patch("/api/admin/returns/:id", agent, async (request) => {
    return decideReturn(
      app.orderCore,
      idParam(request.params, () => new AppError("NOT_FOUND", "Return request not found")),
      parse(decideReturnInput, request.body),
      request.admin?.username ?? "admin",
    );
  });
}
