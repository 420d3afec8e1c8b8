import { createHmac, timingSafeEqual } from "node:crypto";

export type ButtonAction = "confirm" | "cancel";

const mac = (secret: string, action: ButtonAction, orderId: string) =>
  createHmac("sha256", `button-payload:${secret}`).update(`${action}:${orderId}`).digest("base64url").slice(0, 22);

/**
 * A quick-reply button's payload: the action, the order and an HMAC of both under the app
 * secret, so a payload cannot be made up for another order or turned from cancel into confirm.
 */
export function buttonPayload(secret: string, action: ButtonAction, orderId: string): string {
  return `${action}:${orderId}:${mac(secret, action, orderId)}`;
}

export function readButtonPayload(secret: string, payload: string): { action: ButtonAction; orderId: string } | null {
  const [action, orderId, tag, ...rest] = payload.split(":");
  if (rest.length > 0 || (action !== "confirm" && action !== "cancel") || !orderId || !tag) return null;
  const expected = Buffer.from(mac(secret, action, orderId));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { action, orderId };
}
