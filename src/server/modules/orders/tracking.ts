import { desc, eq } from "drizzle-orm";
import { compareTrackedOrders } from "@shared/rules/order-status.js";
import { phoneKey, phonesMatch } from "@shared/rules/phone.js";
import type { PlacedOrder, TrackedOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { loadCustomerReturns } from "../returns/return-serialise.js";
import { loadItems, orderColumns, toPlacedOrder, toTrackedOrder } from "./order-serialise.js";

/** One person rarely has more; the bound keeps a shared office number from returning thousands. */
const TRACK_LIMIT = 200;

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The name filter matches whole words only ("ayesha" finds "Ayesha Khan", "ay" finds nothing):
 * a substring filter would let anyone with a phone number read the name a letter at a time.
 */
const wholeWordsOf = (fullName: string, typed: string) => {
  const words = new Set(fullName.split(" "));
  return typed.split(" ").every((word) => words.has(word));
};

export interface TrackQuery {
  phone: string;
  name?: string;
  city?: string;
}

/**
 * The spec's order search, done by the server: the phone key finds the candidates through an
 * index, then the spec's rules decide (phone containment, optional case-insensitive name and
 * city substrings). The full name is shown only to a caller who typed it; others see initials.
 */
export async function trackOrders(db: Db, query: TrackQuery): Promise<TrackedOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.phoneKey, phoneKey(query.phone)))
    .orderBy(desc(orders.createdAt))
    .limit(TRACK_LIMIT);
  const name = query.name ? fold(query.name) : "";
  const city = query.city ? fold(query.city) : "";
  const matching = rows.filter(
    (r) =>
      phonesMatch(query.phone, r.customerPhone) &&
      (!name || wholeWordsOf(fold(r.customerName), name)) &&
      (!city || fold(r.city).includes(city)),
  );
  const items = await loadItems(
    db,
    matching.map((r) => r.id),
  );
  const returns = await loadCustomerReturns(
    db,
    matching.map((r) => r.id),
  );
  return matching
    .map((r) => ({
      ...toTrackedOrder(r, items.get(r.id) ?? [], !!name && fold(r.customerName) === name),
      returns: returns.get(r.id) ?? [],
    }))
    .sort(compareTrackedOrders);
}

const MINE_LIMIT = 50;

/** The orders placed from this browser session (the review prompt's source). */
export async function ordersOfSession(db: Db, sessionId: string): Promise<PlacedOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.sessionId, sessionId))
    .orderBy(desc(orders.createdAt))
    .limit(MINE_LIMIT);
  const items = await loadItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPlacedOrder(r, items.get(r.id) ?? []));
}
