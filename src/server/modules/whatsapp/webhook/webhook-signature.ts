import { createHmac, timingSafeEqual } from "node:crypto";

/** `sha256=<hex HMAC-SHA256 of the raw body>` under the app secret, as Meta signs each webhook delivery. */
export function webhookSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

export function isValidSignature(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(webhookSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
