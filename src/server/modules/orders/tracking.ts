import { desc, eq } from "drizzle-orm";
import { compareTrackedOrders } from "@shared/rules/order-status.js";
import { phoneKey, phonesMatch } from "@shared/rules/phone.js";
import type { PlacedOrder, TrackedOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { loadCustomerReturns } from "../returns/index.js";
import { provesOrder, loadItems, orderColumns, toPlacedOrder, toTrackedOrder } from "../order-core/index.js";

/** One person rarely has more; the bound keeps a shared office number from returning thousands. */
const TRACK_LIMIT = 200;

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
const wordsOf = (s: string) => fold(s).split(" ").filter(Boolean);

/**
 * The name filter compares whole words ("ayesha" finds "Ayesha Khan", "ay" finds nothing) on an
 * order the caller proved. On the others it compares only first letters, which the card shows as
 * initials anyway: a filter that confirmed whole words would let anyone with a phone number guess
 * the name a word at a time (issue 22, M3; decision 013).
 */
function nameMatches(fullName: string, typed: string, proven: boolean): boolean {
  const words = wordsOf(fullName);
  const compare = proven ? (w: string) => w : (w: string) => w[0];
  const known = new Set(words.map(compare));
  return wordsOf(typed).every((word) => known.has(compare(word)));
}

export interface TrackQuery {
  phone: string;
  name?: string;
  city?: string;
  /** Normalised by the schema ('3F9A1C2B'): proves that one order. */
  orderNumber?: string;
}

/**
 * The spec's order search, done by the server: the phone key finds the candidates through an
 * index, then the spec's rules decide (phone containment, optional name and city filters). Only
 * the order whose number the caller typed is shown in full; the others by reference and initials.
 */
export async function trackOrders(db: Db, query: TrackQuery): Promise<TrackedOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.phoneKey, phoneKey(query.phone)))
    .orderBy(desc(orders.createdAt))
    .limit(TRACK_LIMIT);
  const city = query.city ? fold(query.city) : "";
  const matching = rows
    .filter((r) => phonesMatch(query.phone, r.customerPhone))
    .map((r) => ({ row: r, proven: provesOrder(r.id, query.orderNumber) }))
    .filter(
      ({ row, proven }) =>
        (!query.name || nameMatches(row.customerName, query.name, proven)) && (!city || fold(row.city).includes(city)),
    );
  const ids = matching.map((m) => m.row.id);
  const items = await loadItems(db, ids);
  const returns = await loadCustomerReturns(db, ids);
  return matching
    .map(({ row, proven }) => ({
      ...toTrackedOrder(row, items.get(row.id) ?? [], proven),
      // A replacement's number would prove the replacement order: only for a proven card.
      returns: (returns.get(row.id) ?? []).map((r) => (proven ? r : { ...r, replacementOrderNumber: null })),
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
