import type { FastifyInstance } from "fastify";
import { AppError } from "../../../lib/app-error.js";
import { keepUnknownDelivery } from "./unknown-deliveries.js";
import { DeliveryRecorder } from "./webhook-inbox.js";
import { unreadParts, webhookPayload } from "./webhook-payload.js";
import { isValidSignature } from "./webhook-signature.js";

/**
 * Meta's webhook for the WhatsApp Business Cloud API: GET verifies the subscription, POST
 * carries messages and message states, signed with the app secret. A delivery is recorded
 * (webhook-inbox.ts) and Meta answered at once; it is handled just after, in order.
 */
export async function whatsappWebhookRoutes(
  app: FastifyInstance,
  opts: { onRecorded?: () => void } = {},
): Promise<void> {
  const recorder = new DeliveryRecorder(app.db);
  // The signature covers the exact bytes sent, so this plugin keeps JSON bodies raw.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.get("/api/whatsapp/webhook", { config: { access: "public" } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const verifyToken = app.config.whatsapp?.verifyToken;
    if (!verifyToken || query["hub.mode"] !== "subscribe" || query["hub.verify_token"] !== verifyToken)
      throw new AppError("FORBIDDEN", "The verify token does not match WHATSAPP_VERIFY_TOKEN");
    return reply.type("text/plain").send(String(query["hub.challenge"] ?? ""));
  });

  app.post("/api/whatsapp/webhook", { config: { access: "public" } }, async (request) => {
    const config = app.config.whatsapp;
    if (!config) throw new AppError("NOT_FOUND", "WhatsApp is not configured on this store");
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
    if (!isValidSignature(config.appSecret, raw, request.headers["x-hub-signature-256"]))
      throw new AppError("UNAUTHORIZED", "The X-Hub-Signature-256 header is missing or does not match the body");
    let json: unknown;
    try {
      json = JSON.parse(raw.toString("utf8"));
    } catch {
      // Signed, so from Meta: kept for the owner and acknowledged, never refused into a redelivery loop.
      await keepUnknownDelivery(app.db, raw, ["the body is not JSON"]);
      return { received: true };
    }
    const payload = webhookPayload.safeParse(json);
    // A well-signed delivery the store cannot read is kept (bounded, for the owner to see) and
    // acknowledged, so Meta does not resend it forever; so is any part of a delivery left unread.
    if (!payload.success) {
      const paths = payload.error.issues.slice(0, 5).map((i) => i.path.join(".") || "(the delivery)");
      await keepUnknownDelivery(
        app.db,
        raw,
        paths.map((p) => `unknown shape at ${p}`),
      );
      request.log.warn({ issues: paths }, "unknown webhook shape kept");
      return { received: true };
    }
    const unread = unreadParts(json, payload.data);
    if (unread.length > 0) await keepUnknownDelivery(app.db, raw, unread);
    await recorder.record(raw);
    opts.onRecorded?.();
    return { received: true };
  });
}
