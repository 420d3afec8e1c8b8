import { createHash } from "node:crypto";
import { whatsappNumber } from "@shared/rules/phone.js";
import { wellFormedFbc, wellFormedFbp } from "@shared/rules/meta-ads.js";
import type { ServerEvent } from "./conversions-api.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * Meta's "Customer Information Parameters": `ph` is the number's digits with the country code and
 * no leading zeros (923001234567), `em` the address trimmed and lower-cased, each SHA-256 in hex;
 * the cookies and the user agent go as they are. A malformed cookie is left out.
 */
export function userData(customer: {
  phone: string;
  email: string;
  fbp: string | null;
  fbc: string | null;
  userAgent: string;
}): ServerEvent["user_data"] {
  const digits = whatsappNumber(customer.phone).replace(/^0+/, "");
  const email = customer.email.trim().toLowerCase();
  const fbp = wellFormedFbp(customer.fbp);
  const fbc = wellFormedFbc(customer.fbc);
  return {
    ph: [sha256(digits)],
    ...(email.includes("@") ? { em: [sha256(email)] } : {}),
    ...(fbp ? { fbp } : {}),
    ...(fbc ? { fbc } : {}),
    ...(customer.userAgent ? { client_user_agent: customer.userAgent } : {}),
  };
}
