import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { phoneKey, whatsappNumber } from "@shared/rules/phone.js";
import {
  SAVED_CHECKOUT_LAPSE_DAYS,
  SAVED_CHECKOUTS_PER_NETWORK_PER_DAY,
  SAVED_CHECKOUTS_PER_PHONE,
  winbackNumber,
} from "@shared/rules/winback.js";
import type { CartItem } from "@shared/schemas/cart.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { AppError, conflict } from "../../lib/app-error.js";
import { addToCart, listCart } from "../cart/index.js";

const DAY_MS = 24 * 60 * 60_000;

/** A line as kept with the checkout: what addToCart needs to put it back. */
export interface SavedLine {
  productId: number;
  /** The variant the line named (absent on a line of a product without variants' ids). */
  variantId?: number;
  name: string;
  size: string;
  color: string;
  quantity: number;
  selectedImage: string | null;
}

/** A stored setting read as a number (null: off). */
export async function readWinbackSetting(
  db: Db,
  key: "abandoned_checkout_after_minutes" | "abandoned_checkout_second_after_hours" | "back_in_stock_per_unit",
): Promise<number | null> {
  const [row] = rowsOf<{ value: unknown }>(await db.execute(sql`select value from settings where key = ${key}`));
  return winbackNumber(key, row?.value);
}

const toSavedLine = (item: CartItem): SavedLine => ({
  productId: item.productId,
  ...(item.variantId ? { variantId: item.variantId } : {}),
  name: item.product.name,
  size: item.size,
  color: item.color,
  quantity: item.quantity,
  selectedImage: item.selectedImage,
});

/**
 * Keeps the session's cart with the phone (CONTRACT.md, "Abandoned checkouts"): the first reminder
 * is due `abandoned_checkout_after_minutes` later. Asking again for the same session updates the
 * one saved checkout (its lines, phone and time). Refused, with nothing stored, while the owner has
 * not switched reminders on, for an empty cart, and past the bounds per phone and per network.
 */
// created_at and the reminders' times are the database's, as the orders' are (what they are compared
// with); due_at is the job clock's, which schedules the reminders.
export async function saveCheckout(
  app: FastifyInstance,
  input: { sessionId: string; phone: string; network: string | null },
): Promise<{ saved: true; remindAt: string }> {
  const after = await readWinbackSetting(app.db, "abandoned_checkout_after_minutes");
  if (after === null) throw conflict("This shop does not send reminders on WhatsApp; nothing was saved");
  const cart = await listCart(app.db, input.sessionId);
  if (cart.length === 0) throw conflict("Your cart is empty; add something to it first");
  const now = app.clock.now();
  const key = phoneKey(input.phone);
  const [counts] = rowsOf<{ phone: number; network: number }>(
    await app.db.execute(sql`select
      (select count(*)::int from saved_checkouts where phone_key = ${key} and session_id <> ${input.sessionId}
         and created_at > ${new Date(now.getTime() - SAVED_CHECKOUT_LAPSE_DAYS * DAY_MS).toISOString()}::timestamptz) as phone,
      (select count(*)::int from saved_checkouts where network = ${input.network} and session_id <> ${input.sessionId}
         and created_at > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz) as network`),
  );
  if (counts.phone >= SAVED_CHECKOUTS_PER_PHONE || counts.network >= SAVED_CHECKOUTS_PER_NETWORK_PER_DAY)
    throw new AppError("RATE_LIMITED", "Too many saved checkouts; please finish your order or try again tomorrow");
  const lines = cart.map(toSavedLine);
  // Shown to the owner only (the reminder's cart value and the COD limit's check); the order is priced at placement.
  const subtotal = cart.reduce((sum, item) => sum + Number(item.product.price) * item.quantity, 0);
  const dueAt = new Date(now.getTime() + after * 60_000).toISOString();
  const token = randomBytes(18).toString("base64url");
  await app.db.execute(sql`
    with open as (
      update saved_checkouts set phone = ${whatsappNumber(input.phone)}, phone_key = ${key},
        lines = ${JSON.stringify(lines)}::jsonb, subtotal = ${subtotal}, due_at = ${dueAt}::timestamptz,
        created_at = now()
      where session_id = ${input.sessionId} and state = 'saved'
      returning id
    )
    insert into saved_checkouts (token, session_id, phone, phone_key, network, lines, subtotal, due_at)
    select ${token}, ${input.sessionId}, ${whatsappNumber(input.phone)}, ${key}, ${input.network},
      ${JSON.stringify(lines)}::jsonb, ${subtotal}, ${dueAt}::timestamptz
    where not exists (select 1 from open)`);
  app.jobs.wake();
  return { saved: true, remindAt: dueAt };
}

const LINK_PROBLEMS = {
  unknown: "This link is not valid; please add the items to your cart again",
  used: "This link was already used to fill a cart; open your cart or add the items again",
  old: `This link is older than ${SAVED_CHECKOUT_LAPSE_DAYS} days and no longer works; please add the items to your cart again`,
};

/**
 * Puts a saved checkout's lines in this session's cart, on any device (the reminder's link
 * `/cart?restore={token}`), once. A line no longer on sale is left out. Unknown, used or older than
 * seven days: 404/410 saying so, and the cart is not touched.
 */
export async function restoreCart(app: FastifyInstance, token: string, sessionId: string): Promise<CartItem[]> {
  const now = app.clock.now();
  const [row] = rowsOf<{ id: number; lines: unknown; created_at: string; restored_at: string | null }>(
    await app.db.execute(sql`select id, lines, created_at, restored_at from saved_checkouts where token = ${token}`),
  );
  if (!row) throw new AppError("NOT_FOUND", LINK_PROBLEMS.unknown);
  if (row.restored_at) throw new AppError("GONE", LINK_PROBLEMS.used);
  if (new Date(row.created_at).getTime() < now.getTime() - SAVED_CHECKOUT_LAPSE_DAYS * DAY_MS)
    throw new AppError("GONE", LINK_PROBLEMS.old);
  const claimed = rowsOf(
    await app.db.execute(sql`update saved_checkouts set restored_at = ${now.toISOString()}::timestamptz
      where id = ${row.id} and restored_at is null returning id`),
  );
  if (claimed.length === 0) throw new AppError("GONE", LINK_PROBLEMS.used);
  const lines = (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as SavedLine[];
  for (const line of lines)
    await addToCart(app.db, { ...line, sessionId }).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err; // sold out or gone since: the rest still go in
    });
  return listCart(app.db, sessionId);
}
