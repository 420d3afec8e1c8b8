import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { FollowUpResult } from "@shared/schemas/couriers.js";
import { orders } from "../../../db/schema.js";
import type { Courier } from "../couriers/courier.js";
import { enabledCouriers } from "../couriers/courier-accounts.js";
import type { ShippingDeps } from "./courier-booking.js";
import { meaningOf } from "../couriers/courier-status.js";
import { recordAttempt } from "./delivery-issues.js";
import { moveParcelOrder, type Tx } from "./parcel-status.js";

/** Most parcels one run asks about per courier (the oldest news first), and calls in flight per courier. */
export const FOLLOW_UP_MAX = 10_000;
const IN_FLIGHT = 4;
/** How the timeline names a move the courier's report made. */
export const COURIER_ACTOR = "courier";

export interface FollowUpRun extends FollowUpResult {
  /** Orders that moved to delivered or returned (stock and the live queue are told). */
  moved: number;
  requests: number;
}

/**
 * The follow-up: asks every connected courier about its parcels still `shipped`, in batches of
 * its tracking API, a few calls at a time. Every new status is recorded in the courier's words
 * (the order's `courierStatus` and its timeline); delivered and returned move the order; a failed
 * attempt opens (or counts again on) the order's delivery issue. `changed` counts orders whose
 * courier status changed. A courier that is down throws, after the others were asked, so the job
 * runner tries again later.
 */
export async function followUpParcels(deps: ShippingDeps): Promise<FollowUpRun> {
  const couriers = await enabledCouriers(deps.db, deps.secrets);
  const run: FollowUpRun = { checked: 0, changed: 0, moved: 0, requests: 0 };
  let failure: unknown = null;
  for (const courier of couriers.values())
    await followUpCourier(deps, courier, run).catch((err) => {
      failure ??= err;
    });
  if (failure) throw failure;
  return run;
}

async function followUpCourier(deps: ShippingDeps, courier: Courier, run: FollowUpRun) {
  const parcels = await deps.db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      courierStatus: orders.courierStatus,
      courierStatusAt: orders.courierStatusAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "shipped"),
        isNotNull(orders.courierBookedAt),
        eq(orders.courier, courier.name),
        isNotNull(orders.trackingNumber),
      ),
    )
    .orderBy(sql`${orders.courierStatusAt} asc nulls first`, asc(orders.courierBookedAt))
    .limit(FOLLOW_UP_MAX);
  run.checked += parcels.length;
  const byNumber = new Map(parcels.map((p) => [p.trackingNumber!, p]));
  const batches: string[][] = [];
  for (let i = 0; i < parcels.length; i += courier.trackBatch)
    batches.push(parcels.slice(i, i + courier.trackBatch).map((p) => p.trackingNumber!));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      run.requests += 1;
      const statuses = await courier.track(batch);
      const news: News[] = [];
      for (const status of statuses) {
        const parcel = byNumber.get(status.trackingNumber);
        if (!parcel || !status.text) continue;
        const at = status.at ?? new Date();
        const same =
          parcel.courierStatus === status.text &&
          (status.at === null ||
            (parcel.courierStatusAt && new Date(parcel.courierStatusAt).getTime() === at.getTime()));
        if (!same)
          news.push({ orderId: parcel.id, text: status.text.slice(0, 200), reason: status.reason.slice(0, 300), at });
      }
      if (news.length === 0) continue;
      run.moved += await recordNews(deps, courier, news);
      run.changed += news.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, batches.length) }, worker));
}

interface News {
  orderId: string;
  text: string;
  reason: string;
  at: Date;
}

/**
 * A batch's new statuses, in one transaction: the courier's words on each order and its timeline
 * (one statement for the batch), then the move of each parcel that arrived or came back and each
 * failed attempt. Returns how many orders moved.
 */
async function recordNews(deps: ShippingDeps, courier: Courier, news: News[]): Promise<number> {
  return deps.core.write(async (w) => {
    const tx = w.tx;
    // The courier's words show on each order at once (the live queue), moved or not.
    w.touched(news.map((n) => n.orderId));
    const values = sql.join(
      news.map((n) => sql`(${n.orderId}::uuid, ${n.text}, ${n.reason}, ${n.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await tx.execute(sql`
      with news (order_id, status, reason, at) as (values ${values}),
      event as (
        insert into courier_events (order_id, courier, status, reason, at)
        select order_id, ${courier.name}, status, reason, at from news
      )
      update orders o set courier_status = news.status, courier_status_at = news.at
      from news where o.id = news.order_id`);
    let moved = 0;
    for (const n of news) {
      const meaning = meaningOf(courier.id, n.text);
      if (meaning === "attempt")
        await recordAttempt(tx as Tx, deps, courier.name, n.orderId, n.reason || n.text, n.at.toISOString());
      if (meaning !== "delivered" && meaning !== "returned") continue;
      if (!(await moveParcelOrder(w, n.orderId, meaning, COURIER_ACTOR))) continue;
      moved += 1;
      if (meaning === "delivered")
        await tx.execute(sql`update delivery_issues set delivered_after = true where order_id = ${n.orderId}::uuid`);
    }
    return moved;
  });
}
