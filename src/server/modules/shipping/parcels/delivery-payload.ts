import { createHmac, timingSafeEqual } from "node:crypto";
import { DELIVERY_RESOLUTIONS, type DeliveryResolution } from "@shared/schemas/couriers.js";

const PREFIX = "delivery";

const mac = (secret: string, choice: DeliveryResolution, orderId: string) =>
  createHmac("sha256", `delivery-payload:${secret}`).update(`${choice}:${orderId}`).digest("base64url").slice(0, 22);

/**
 * A failed-delivery button's payload, signed for its order like the confirmation's
 * (whatsapp/webhook/button-payload.ts), under a key of its own: it cannot be made up for another order,
 * turned into another choice, or read as a confirmation.
 */
export function deliveryPayload(secret: string, choice: DeliveryResolution, orderId: string): string {
  return `${PREFIX}:${choice}:${orderId}:${mac(secret, choice, orderId)}`;
}

export function readDeliveryPayload(
  secret: string,
  payload: string,
): { choice: DeliveryResolution; orderId: string } | null {
  const [prefix, choice, orderId, tag, ...rest] = payload.split(":");
  if (prefix !== PREFIX || rest.length > 0 || !orderId || !tag) return null;
  if (!(DELIVERY_RESOLUTIONS as readonly string[]).includes(choice)) return null;
  const expected = Buffer.from(mac(secret, choice as DeliveryResolution, orderId));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { choice: choice as DeliveryResolution, orderId };
}
