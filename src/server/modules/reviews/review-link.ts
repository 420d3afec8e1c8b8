import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of the WhatsApp review link (decision 013): the order's id and an HMAC of it under the
 * WhatsApp app secret. It proves the order like its number does, so the customer who follows the
 * link types only the name and phone the review dialog asks for.
 */
const mac = (secret: string, orderId: string) =>
  createHmac("sha256", `review-link:${secret}`).update(orderId.toLowerCase()).digest("base64url").slice(0, 22);

export function reviewLinkToken(secret: string, orderId: string): string {
  return `${orderId.toLowerCase()}.${mac(secret, orderId)}`;
}

/** The order a token was made for, or null for a made-up, altered or foreign token. */
export function readReviewLinkToken(secret: string | undefined, token: string): string | null {
  const [orderId, tag, ...rest] = token.split(".");
  if (!secret || rest.length > 0 || !orderId || !tag) return null;
  const expected = Buffer.from(mac(secret, orderId));
  const given = Buffer.from(tag);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId.toLowerCase() : null;
}
