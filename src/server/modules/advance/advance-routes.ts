import type { FastifyInstance } from "fastify";
import { advanceDecisionInput, paymentProofFields } from "@shared/schemas/advance.js";
import { phoneKey } from "@shared/rules/phone.js";
import { uuidParam } from "@shared/schemas/common.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { actorOf } from "../audit/audit.js";
import { orderNotFound } from "../order-core/errors.js";
import { gateShipping } from "./advance-gate.js";
import { decideAdvance, shopperOrder, submitProof } from "./advance-service.js";
import { advanceOverview } from "./advance-overview.js";

function orderId(params: unknown): string {
  const parsed = uuidParam.safeParse(params);
  if (!parsed.success) throw orderNotFound();
  return parsed.data.id.toLowerCase();
}

/** Advance payments (decision 027): the shopper's proof, the agent's decision, the shipping gate. */
export async function advanceRoutes(app: FastifyInstance): Promise<void> {
  gateShipping(app.orderCore);

  // A proof stores a photo: a few per number, more per network (many shoppers share a NAT address).
  const perPhone = new Throttle(5, 60 * 60_000, "payment proofs for this phone number", app.throttleStore);
  const perIp = new Throttle(60, 60 * 60_000, "payment proofs from your network", app.throttleStore);

  app.post("/api/orders/:id/payment-proof", { config: { access: "public", upload: true } }, async (request, reply) => {
    const given = orderId(request.params);
    let checked: { id: string; fields: ReturnType<typeof paymentProofFields.parse> } | undefined;
    // The phone and the order are checked before the image is read: another number stores nothing.
    const check = async (raw: Record<string, string>) => {
      const fields = parse(paymentProofFields, raw);
      await perIp.take(networkKey(request.ip));
      await perPhone.take(phoneKey(fields.phone));
      checked = { id: await shopperOrder(app.db, given, fields.phone), fields };
    };
    const form = await readMultipart(request, { limits: { files: 1, fields: 3, parts: 4 }, beforeFiles: check });
    const [image] = filesOf(form, "image", 1);
    if (!image) throw new AppError("VALIDATION", "Attach a photo or screenshot of the payment, in the 'image' field");
    const { id, fields } = checked!;
    reply.status(201);
    return submitProof(app.orderCore, id, { method: fields.method, reference: fields.reference }, image);
  });

  app.patch("/api/admin/orders/:id/advance", { config: { access: "agent", auditsItself: true } }, async (request) =>
    decideAdvance(app.orderCore, orderId(request.params), parse(advanceDecisionInput, request.body), actorOf(request)),
  );

  app.get("/api/admin/advances/overview", { config: { access: "agent" } }, async () =>
    advanceOverview(app.db, app.clock.now()),
  );
}
