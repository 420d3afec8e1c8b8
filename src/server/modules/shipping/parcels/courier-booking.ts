import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { trackingUrlFor } from "@shared/rules/couriers.js";
import { orderNumber } from "@shared/rules/labels.js";
import { courierOfName, type CourierId } from "@shared/schemas/couriers.js";
import type { BookOrdersResult } from "@shared/schemas/shipping.js";
import type { Db } from "../../../db/client.js";
import { orders } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import type { SecretBox } from "../../../lib/secret-box.js";
import { recordAudit } from "../../audit/index.js";
import { type OrderCore, orderNotFound, loadItems, orderColumns, type OrderRow } from "../../order-core/index.js";
import { CourierRefused, CourierUnavailable, type Courier, type Parcel } from "../couriers/courier.js";
import { courierForBooking, enabledCouriers } from "../couriers/courier-accounts.js";
import { moveParcelOrder } from "./parcel-status.js";
import { refuseUnpaidAdvances } from "../../advance/index.js";

/** A booking claimed this long ago without a tracking number was interrupted: it may be tried again. */
const CLAIM_STALE = sql`interval '2 minutes'`;

export interface ShippingDeps {
  /** Status changes go through the order core, and its listeners are told after the commit. */
  core: OrderCore;
  db: Db;
  secrets: SecretBox | null;
  /** WhatsApp on: a shipped order gets its `order_shipped` message. */
  whatsapp: boolean;
}

/**
 * The cash the rider collects for an order, whole rupees: its `codAmount` (what is left to pay on
 * delivery; an order stored before part three has only its total). The one place that reads it.
 */
export function cashToCollect(row: Pick<OrderRow, "total" | "codAmount">): number {
  return Math.round(Number(row.codAmount));
}

const describeItems = (items: { productName: string; size: string; color: string; quantity: number }[]) =>
  items
    .map(
      (i) =>
        `${i.productName}${[i.size, i.color].filter(Boolean).length ? ` (${[i.size, i.color].filter(Boolean).join(", ")})` : ""} x ${i.quantity}`,
    )
    .join("; ")
    .slice(0, 300);

/**
 * Books `processing` orders with one courier, one parcel each. Each order is claimed first
 * (courier_booked_at), so two agents booking at once never book one order twice; a refusal
 * releases it. A time-out leaves the courier's name on the order: the next attempt first asks
 * the courier whether that order number was booked after all, so a retry never books twice.
 * Booked orders become `shipped`.
 */
export async function bookOrders(
  deps: ShippingDeps,
  ids: string[],
  actor: string,
  wanted?: CourierId,
): Promise<BookOrdersResult> {
  // Nothing is booked while any of the orders still owes its advance (decision 027).
  await refuseUnpaidAdvances(deps.db, ids);
  const courier = await courierForBooking(deps.db, deps.secrets, wanted);
  const rows = await deps.db
    .select({ ...orderColumns, courierBookedAt: orders.courierBookedAt, courierAttemptedAt: orders.courierAttemptedAt })
    .from(orders)
    .where(inArray(orders.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = await loadItems(deps.db, ids);
  const results: BookOrdersResult["results"] = [];
  for (const id of ids) {
    const fail = (error: string) => results.push({ orderId: id, booked: false, trackingNumber: null, error });
    const row = byId.get(id);
    if (!row) {
      fail("Order not found");
      continue;
    }
    if (row.status !== "processing") {
      fail(`Only orders Ready to Ship can be booked; #${orderNumber(id)} is ${row.status}`);
      continue;
    }
    try {
      const city = await courier.destination(row.city);
      if (!city) {
        fail(
          `${courier.name} does not ${courier.id === "leopards" ? "list" : "deliver to"} the city "${row.city}"; correct the city's spelling${courier.id === "leopards" ? "" : " or choose another courier"}, then book again`,
        );
        continue;
      }
      if (!(await claim(deps.db, id, courier.name))) {
        fail(`#${orderNumber(id)} is already being booked or was booked`);
        continue;
      }
      // An earlier attempt with this courier ended without an answer (a time-out, a dropped
      // connection, a restart): ask the courier for that order number before booking again.
      const unsure = row.courier === courier.name;
      const earlier = unsure
        ? await courier
            .findBooking(orderNumber(id), new Date(row.courierAttemptedAt ?? row.createdAt))
            .catch(async (err) => {
              await release(deps.db, id, courier.name);
              throw new LookupFailed(err);
            })
        : null;
      const orderItems = items.get(id) ?? [];
      const trackingNumber =
        earlier ??
        (await courier.book(parcelOf(row, orderItems), city).catch(async (err) => {
          await release(deps.db, id, err instanceof CourierUnavailable && err.uncertain ? courier.name : null);
          throw err;
        }));
      // The audit's "before" is the order as the agent asked to book it, not the claim taken since.
      const before = { status: row.status, courier: row.courier, trackingNumber: row.trackingNumber };
      await markBooked(deps, id, courier, trackingNumber, actor, before);
      results.push({ orderId: id, booked: true, trackingNumber, error: null });
    } catch (err) {
      if (err instanceof LookupFailed) fail(lookupFailedMessage(courier.name, id, err.cause));
      else if (err instanceof CourierRefused) fail(`${courier.name} refused the booking: ${err.message}`);
      else if (err instanceof CourierUnavailable && err.uncertain)
        fail(
          `${err.message}; ${courier.name} may have booked #${orderNumber(id)} all the same: booking it again first asks ${courier.name} for it, so it is never booked twice`,
        );
      else if (err instanceof CourierUnavailable)
        fail(`${err.message}; nothing was booked, try again in a few minutes`);
      else throw err;
    }
  }
  return { booked: results.filter((r) => r.booked).length, results };
}

/** The courier could not say whether an earlier, unanswered attempt booked the parcel. */
class LookupFailed extends Error {
  constructor(readonly cause: unknown) {
    super("booking look-up failed");
  }
}

/** The order is held for the agent: booking again could book it twice. */
function lookupFailedMessage(courierName: string, id: string, cause: unknown): string {
  const ref = orderNumber(id);
  const held = `nothing was booked again, and #${ref} stays with ${courierName}`;
  if (cause instanceof CourierRefused)
    return `${courierName} would not say whether it booked #${ref} after the earlier attempt went unanswered (${cause.message}); ${held}. Look for order reference ${ref} in the ${courierName} portal: if it is there, enter its tracking number on the order; if not, book again`;
  const reason = cause instanceof Error ? cause.message : "no answer";
  return `${courierName} could not be asked whether it booked #${ref} after the earlier attempt went unanswered (${reason}); ${held}: try again in a few minutes`;
}

function parcelOf(
  row: OrderRow,
  items: { productName: string; size: string; color: string; quantity: number }[],
): Parcel {
  return {
    orderRef: orderNumber(row.id),
    codAmount: cashToCollect(row),
    pieces: Math.max(1, items.length),
    description: describeItems(items) || "Order",
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    address: `${row.shippingAddress}, ${row.city}`,
    city: row.city,
    instructions: row.specialInstructions || "Call before delivery",
  };
}

async function claim(db: Db, id: string, courierName: string): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({
      courierBookedAt: sql`now()`,
      // Recorded before the call, so an attempt that never returns (a time-out, a restart) is
      // known to the retry: it asks this courier first, from the day of the first such attempt.
      courier: courierName,
      courierAttemptedAt: sql`case when ${orders.courier} = ${courierName} and ${orders.trackingNumber} is null
        then coalesce(${orders.courierAttemptedAt}, now()) else now() end`,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, "processing"),
        sql`(${orders.courierBookedAt} is null or (${orders.trackingNumber} is null and ${orders.courierBookedAt} < now() - ${CLAIM_STALE}))`,
        // An order another courier may have booked (its booking timed out) waits for that courier.
        sql`(${orders.courier} is null or ${orders.courier} = ${courierName} or ${orders.trackingNumber} is not null)`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** Frees the claim; `uncertainWith` keeps that courier's name after a time-out, for the next attempt. */
async function release(db: Db, id: string, uncertainWith: string | null) {
  await db
    .update(orders)
    .set({
      courierBookedAt: null,
      courier: uncertainWith,
      courierAttemptedAt: uncertainWith ? sql`${orders.courierAttemptedAt}` : null,
    })
    .where(and(eq(orders.id, id), eq(orders.status, "processing"), isNull(orders.trackingNumber)));
}

async function markBooked(
  deps: ShippingDeps,
  id: string,
  courier: Courier,
  trackingNumber: string,
  actor: string,
  before: { status: string; courier: string | null; trackingNumber: string | null },
) {
  await deps.core.write(async (w) => {
    const tx = w.tx;
    await tx
      .update(orders)
      .set({
        courier: courier.name,
        trackingNumber,
        trackingUrl: trackingUrlFor(courier.name, trackingNumber),
        courierStatus: null,
        courierStatusAt: null,
      })
      .where(eq(orders.id, id));
    await moveParcelOrder(w, id, "shipped", "admin");
    const after = { status: "shipped", courier: courier.name, trackingNumber };
    await recordAudit(tx, { actor, action: "order.booked", entity: "order", entityId: id, orderId: id, before, after });
  });
}

/**
 * POST /api/admin/orders/{id}/cancel-booking: cancels the parcel at its courier, then puts the
 * order back to Ready to Ship without courier or tracking number. Nothing changes here when the
 * courier refuses (the parcel may be on its way already) or cannot be reached.
 */
export async function cancelBooking(deps: ShippingDeps, id: string, actor: string): Promise<void> {
  const [row] = await deps.db
    .select({
      status: orders.status,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      courierBookedAt: orders.courierBookedAt,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  const courierId = courierOfName(row.courier);
  if (row.status !== "shipped" || !row.courierBookedAt || !row.trackingNumber || !courierId)
    throw new AppError(
      "CONFLICT",
      `#${orderNumber(id)} has no courier booking to cancel; only a parcel booked from the store and still shipped can be`,
    );
  const courier = (await enabledCouriers(deps.db, deps.secrets)).get(courierId);
  if (!courier)
    throw new AppError("CONFLICT", `Switch ${row.courier} on again in Settings → Couriers to cancel its booking`);
  try {
    await courier.cancel(row.trackingNumber);
  } catch (err) {
    if (err instanceof CourierRefused)
      throw new AppError("CONFLICT", `${courier.name} refused to cancel ${row.trackingNumber}: ${err.message}`);
    if (err instanceof CourierUnavailable)
      throw new AppError("UNAVAILABLE", `${err.message}; the booking was not cancelled, try again in a few minutes`);
    throw err;
  }
  await deps.core.write(async (w) => {
    const tx = w.tx;
    const moved = await moveParcelOrder(w, id, "processing", "admin");
    if (!moved) return;
    await tx
      .update(orders)
      .set({
        courier: null,
        trackingNumber: null,
        trackingUrl: null,
        courierBookedAt: null,
        courierStatus: null,
        courierStatusAt: null,
      })
      .where(eq(orders.id, id));
    await recordAudit(tx, {
      actor,
      action: "order.booking-cancelled",
      entity: "order",
      entityId: id,
      orderId: id,
      before: { status: "shipped", courier: row.courier, trackingNumber: row.trackingNumber },
      after: { status: "processing", courier: null, trackingNumber: null },
    });
  });
}
