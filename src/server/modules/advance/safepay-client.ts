import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../lib/app-error.js";
import type { SafepayConfig } from "./safepay-config.js";

const UNAVAILABLE =
  "Online payment could not be started just now; send the advance to one of the accounts shown, or try again in a few minutes";

/**
 * Starts a payment (Safepay's `POST /order/v1/init` with `client`, `amount`, `currency`,
 * `environment`) and answers its tracker token (`data.token`); an error, a refusal or no answer
 * in time says to pay another way.
 */
export async function startSafepayPayment(config: SafepayConfig, amountRs: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/order/v1/init`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client: config.apiKey,
        amount: amountRs,
        currency: "PKR",
        environment: config.environment,
      }),
      signal: AbortSignal.timeout(config.requestTimeoutMs ?? 10_000),
    });
  } catch {
    throw new AppError("UNAVAILABLE", UNAVAILABLE);
  }
  const body = (await res.json().catch(() => null)) as { data?: { token?: unknown } } | null;
  const token = body?.data?.token;
  if (!res.ok || typeof token !== "string" || token === "") throw new AppError("UNAVAILABLE", UNAVAILABLE);
  return token;
}

/** The hosted checkout page for a tracker: `beacon`, `order_id`, where to come back, notifications on. */
export function safepayCheckoutUrl(
  config: SafepayConfig,
  p: { token: string; orderId: string; redirectUrl: string; cancelUrl: string },
): string {
  const params = new URLSearchParams({
    beacon: p.token,
    cancel_url: p.cancelUrl,
    env: config.environment,
    order_id: p.orderId,
    redirect_url: p.redirectUrl,
    source: "custom",
    webhooks: "true",
  });
  return `${config.checkoutUrl}?${params}`;
}

/**
 * Safepay signs a notification with HMAC-SHA512 of its `data` object serialised as JSON, in hex,
 * under the webhook secret, sent as `X-SFPY-Signature` (its docs' example and its PHP SDK).
 */
export function safepaySignature(secret: string, data: unknown): string {
  return createHmac("sha512", secret).update(JSON.stringify(data)).digest("hex");
}

/** A notification's signed `data` object, or null when it has none (nothing to check a signature of). */
export function notificationData(body: unknown): Record<string, unknown> | null {
  const data = (body as { data?: unknown } | null)?.data;
  return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

export function signatureHolds(secret: string, data: unknown, given: string | undefined): boolean {
  if (!given) return false;
  const want = Buffer.from(safepaySignature(secret, data));
  const got = Buffer.from(given.trim().toLowerCase());
  return want.length === got.length && timingSafeEqual(want, got);
}

/** What a `payment:created` notification says, or null for any other event or shape. */
export function paymentOf(body: unknown): { tracker: string; orderId: string; amountRs: number } | null {
  const data = notificationData(body);
  const n = data?.notification as Record<string, unknown> | undefined;
  if (data?.type !== "payment:created" || !n || n.state !== "PAID" || n.currency !== "PKR") return null;
  const orderId = (n.metadata as { order_id?: unknown } | undefined)?.order_id;
  const amountRs = Number(n.amount);
  if (typeof n.tracker !== "string" || typeof orderId !== "string" || !Number.isFinite(amountRs)) return null;
  return { tracker: n.tracker, orderId, amountRs };
}
