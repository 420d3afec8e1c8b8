import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { phoneKey, phonesMatch } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";

/**
 * What a caller who knows only the phone number gets instead of an order's id (decision 013): the
 * id would give away the order number, which proves the order. A hash of the whole random id, so
 * it tells nothing of the id's first eight characters, needs no key, and never changes. Shaped
 * like a UUID so the routes that take an id take it too.
 */
export function orderRef(id: string): string {
  const hex = createHash("sha256").update(`order-ref:${id.toLowerCase()}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The same bound as tracking: a reference can only name an order the tracking list showed. */
const CANDIDATES = 200;

/** The id of the order of this phone number whose reference this is, or null. */
export async function resolveOrderRef(db: Db, ref: string, phone: string): Promise<string | null> {
  const candidates = await db
    .select({ id: orders.id, customerPhone: orders.customerPhone })
    .from(orders)
    .where(eq(orders.phoneKey, phoneKey(phone)))
    .orderBy(desc(orders.createdAt))
    .limit(CANDIDATES);
  const wanted = ref.toLowerCase();
  return candidates.find((o) => phonesMatch(phone, o.customerPhone) && orderRef(o.id) === wanted)?.id ?? null;
}

/** Whether a typed order number (normalised by `orderNumberProof`) is this order's. */
export const provesOrder = (id: string, typed: string | undefined): boolean => !!typed && orderNumber(id) === typed;
