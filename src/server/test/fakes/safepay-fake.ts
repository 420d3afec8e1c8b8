import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { safepaySignature } from "../../modules/advance/safepay-client.js";
import type { SafepayConfig } from "../../modules/advance/safepay-config.js";

/**
 * A local stand-in for Safepay (decision 027): a real HTTP server on 127.0.0.1 answering
 * `POST /order/v1/init` as its SDKs read it (`{data: {token, state: "TRACKER_STARTED", amount,
 * currency, …}, status: {errors, message}}`), checking `client` against the API key and recording
 * every request. Modes: "ok"; "refuse" (HTTP 400 with status.errors); "error" (HTTP 500); "hang".
 * `notification()` builds a `payment:created` notification signed as Safepay signs it.
 */
export type SafepayFakeMode = "ok" | "refuse" | "error" | "hang";

export const SAFEPAY_API_KEY = "sec_fake-0000-4000-8000-safepay";
export const SAFEPAY_WEBHOOK_SECRET = "fake-safepay-webhook-secret";

export async function startSafepayFake() {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const hanging = new Set<ServerResponse>();
  let mode: SafepayFakeMode = "ok";
  const send = (res: ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const path = (req.url ?? "").split("?")[0];
      requests.push({ path, body });
      if (mode === "hang") return void hanging.add(res);
      if (mode === "error") return send(res, 500, { status: { errors: ["internal error"], message: "error" } });
      if (req.method !== "POST" || path !== "/order/v1/init")
        return send(res, 404, { status: { errors: ["not found"] } });
      if (mode === "refuse" || body.client !== SAFEPAY_API_KEY)
        return send(res, 400, { data: null, status: { errors: ["invalid client"], message: "error" } });
      const now = new Date().toISOString().slice(0, 19) + "Z";
      send(res, 201, {
        data: {
          token: `track_${randomUUID()}`,
          created_at: now,
          updated_at: now,
          client: body.client,
          environment: body.environment,
          state: "TRACKER_STARTED",
          amount: body.amount,
          currency: body.currency,
        },
        status: { errors: [], message: "success" },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    setMode: (m: SafepayFakeMode) => (mode = m),
    config: (): SafepayConfig => ({
      environment: "sandbox",
      apiKey: SAFEPAY_API_KEY,
      webhookSecret: SAFEPAY_WEBHOOK_SECRET,
      apiUrl: url,
      checkoutUrl: `${url}/components`,
      requestTimeoutMs: 500,
    }),
    /** A `payment:created` notification for a tracker, with its X-SFPY-Signature. */
    notification(p: { tracker: string; orderId: string; amount: string }, secret = SAFEPAY_WEBHOOK_SECRET) {
      const data = {
        token: randomUUID().replace(/-/g, "").slice(0, 20).toUpperCase(),
        client_id: SAFEPAY_API_KEY,
        type: "payment:created",
        endpoint: "http://127.0.0.1/api/payments/safepay/webhook",
        notification: {
          tracker: p.tracker,
          intent: "CYBERSOURCE",
          fee: "0",
          net: p.amount,
          user: "shopper@example.com",
          state: "PAID",
          amount: p.amount,
          currency: "PKR",
          metadata: { order_id: p.orderId, source: "custom" },
        },
        delivery_attempts: 1,
        resource: "notification",
        next_attempt_at: "2026-11-26T10:00:00Z",
        created_at: "2026-11-26T09:55:00Z",
      };
      return { body: { data }, headers: { "x-sfpy-signature": safepaySignature(secret, data) } };
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
