import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { trackingUrlFor } from "@shared/rules/couriers.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { BookOrdersResult } from "@shared/schemas/shipping.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { recordAudit } from "../audit/audit.js";
import type { OrderCore } from "../order-core/order-core.js";
import { loadItems, orderColumns, type OrderRow } from "../order-core/order-serialise.js";
import { leopardsAccount, type LeopardsAccount } from "./courier-settings.js";
import { CourierRefused, CourierUnavailable, leopardsClient, outcomeOf, type LeopardsCity } from "./leopards-client.js";

export const COURIER = "Leopards";
/** A booking claimed this long ago without a tracking number was interrupted: it may be tried again. */
const CLAIM_STALE = sql`interval '2 minutes'`;

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Books `processing` orders with Leopards, one parcel each, cash to collect = the order total.
 * Each order is claimed first (courier_booked_at), so two agents booking at once never book one
 * order twice; a refusal or an outage releases it. Booked orders become `shipped`.
 */
export async function bookOrders(
  core: OrderCore,
  secrets: SecretBox | null,
  ids: string[],
  actor: string,
): Promise<BookOrdersResult> {
  const db = core.db;
  const account = await leopardsAccount(db, secrets);
  if (!account)
    throw new AppError("CONFLICT", "Connect Leopards first: Settings → Courier, with your API key and password");
  const client = leopardsClient(account);
  const rows = await db.select(orderColumns).from(orders).where(inArray(orders.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = await loadItems(db, ids);
  let cities: LeopardsCity[] | null = null;
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
      cities ??= await client.cities();
      const city = cities.find((c) => c.allowAsDestination && fold(c.name) === fold(row.city));
      if (!city) {
        fail(`Leopards does not list the city "${row.city}"; correct the city's spelling, then book again`);
        continue;
      }
      if (!(await claim(db, id))) {
        fail(`#${orderNumber(id)} is already being booked or was booked`);
        continue;
      }
      const parcel = await bookOne(client, account, row, items.get(id)?.length ?? 1, city.id).catch(async (err) => {
        await release(db, id);
        throw err;
      });
      await markBooked(core, id, parcel.trackNumber, actor);
      results.push({ orderId: id, booked: true, trackingNumber: parcel.trackNumber, error: null });
    } catch (err) {
      if (err instanceof CourierRefused) fail(`Leopards refused the booking: ${err.message}`);
      else if (err instanceof CourierUnavailable)
        fail(`${err.message}; nothing was booked, try again in a few minutes`);
      else throw err;
    }
  }
  return { booked: results.filter((r) => r.booked).length, results };
}

function bookOne(
  client: ReturnType<typeof leopardsClient>,
  account: LeopardsAccount,
  row: OrderRow,
  pieces: number,
  cityId: number,
) {
  return client.book({
    weightGrams: account.weightGrams,
    pieces: Math.max(1, pieces),
    collectAmount: Math.round(Number(row.total)),
    orderRef: orderNumber(row.id),
    destinationCityId: cityId,
    consigneeName: row.customerName,
    consigneeEmail: row.customerEmail,
    consigneePhone: row.customerPhone,
    consigneeAddress: `${row.shippingAddress}, ${row.city}`,
    specialInstructions: row.specialInstructions || "Call before delivery",
  });
}

async function claim(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ courierBookedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, "processing"),
        sql`(${orders.courierBookedAt} is null or (${orders.trackingNumber} is null and ${orders.courierBookedAt} < now() - ${CLAIM_STALE}))`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

async function release(db: Db, id: string) {
  await db
    .update(orders)
    .set({ courierBookedAt: null })
    .where(and(eq(orders.id, id), eq(orders.status, "processing")));
}

async function markBooked(core: OrderCore, id: string, trackingNumber: string, actor: string) {
  await core.write(async (w) => {
    const [before] = await w.tx
      .select({ status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, id));
    const after = { status: "shipped", courier: COURIER, trackingNumber };
    await w.changeStatus({
      orderIds: [id],
      to: "shipped",
      actor: "admin",
      alsoSet: sql`courier = ${COURIER}, tracking_number = ${trackingNumber}, tracking_url = ${trackingUrlFor(COURIER, trackingNumber)}`,
    });
    await recordAudit(w.tx, {
      actor,
      action: "order.booked",
      entity: "order",
      entityId: id,
      orderId: id,
      before,
      after,
    });
  });
}

/** Parcels asked about per call, and per follow-up run. */
const TRACK_BATCH = 50;
const FOLLOW_UP_MAX = 1000;

/**
 * The follow-up: asks Leopards about every parcel booked through it and still `shipped`, and moves
 * the delivered ones to `delivered` and those back at the shipper to `returned` (timeline actor
 * 'courier'). Returns how many orders changed. An outage throws, so the job runner retries.
 */
export async function followUpParcels(
  core: OrderCore,
  secrets: SecretBox | null,
): Promise<{ checked: number; changed: number }> {
  const db = core.db;
  const account = await leopardsAccount(db, secrets);
  if (!account) return { checked: 0, changed: 0 };
  const client = leopardsClient(account);
  const parcels = await db
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(
      and(
        eq(orders.status, "shipped"),
        isNotNull(orders.courierBookedAt),
        eq(orders.courier, COURIER),
        isNotNull(orders.trackingNumber),
      ),
    )
    .orderBy(asc(orders.courierBookedAt))
    .limit(FOLLOW_UP_MAX);
  let changed = 0;
  for (let i = 0; i < parcels.length; i += TRACK_BATCH) {
    const batch = parcels.slice(i, i + TRACK_BATCH);
    const packets = await client.track(batch.map((p) => p.trackingNumber!));
    for (const packet of packets) {
      const outcome = outcomeOf(packet.status);
      const parcel = batch.find((p) => p.trackingNumber === packet.trackNumber);
      if (!outcome || !parcel) continue;
      changed += await moveParcel(core, parcel.id, outcome);
    }
  }
  return { checked: parcels.length, changed };
}

/** Told through the order core: the live queue moves, and a returned parcel's units are on sale at once. */
async function moveParcel(core: OrderCore, id: string, status: "delivered" | "returned"): Promise<number> {
  const moved = await core.write((w) =>
    w.changeStatus({ orderIds: [id], to: status, actor: "courier", onlyFrom: ["shipped"] }),
  );
  return moved.length;
}
