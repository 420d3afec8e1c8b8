import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { courierOfName, type DeliveryResolution } from "@shared/schemas/couriers.js";
import type { Db } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import { enqueueJob } from "../../../jobs/jobs.js";
import { recordAudit } from "../../audit/index.js";
import { changeCustomerDetails, orderNotFound } from "../../order-core/index.js";
import { CourierRefused } from "../couriers/courier.js";
import { enabledCouriers } from "../couriers/courier-accounts.js";
import type { ShippingDeps } from "./courier-booking.js";
import type { Tx } from "./parcel-status.js";
import { rowsOf as rows } from "../../../db/rows.js";

/** Jobs: tell the courier the resolution (once), ask the customer on WhatsApp (once per attempt). */
export const SEND_SHIPPER_ADVICE = "courier.shipper-advice";
export const SEND_DELIVERY_ISSUE_MESSAGE = "courier.whatsapp.delivery-issue";

/**
 * A failed attempt the courier reported: opens the order's delivery issue, or counts another
 * attempt on it (asking again: a new attempt clears the earlier answer). With WhatsApp on, the
 * customer is asked what to do, in the same transaction.
 */
export async function recordAttempt(
  tx: Tx,
  deps: Pick<ShippingDeps, "whatsapp">,
  courierName: string,
  orderId: string,
  reason: string,
  at: string,
): Promise<void> {
  const [issue] = rows<{ attempts: number }>(
    await tx.execute(sql`
      insert into delivery_issues (order_id, courier, reason, at)
      values (${orderId}::uuid, ${courierName}, ${reason.slice(0, 300)}, ${at}::timestamptz)
      on conflict (order_id) do update set
        reason = excluded.reason, at = excluded.at, attempts = delivery_issues.attempts + 1,
        resolution = null, address = null, note = '', resolved_by = null, resolved_at = null,
        awaiting_address = false, advised_at = null
      returning attempts`),
  );
  if (deps.whatsapp && issue)
    await enqueueJob(tx as Db, {
      kind: SEND_DELIVERY_ISSUE_MESSAGE,
      payload: { orderId },
      key: `courier:issue:${orderId}:${issue.attempts}`,
      maxAttempts: 5,
    });
}

const ADDRESS_MIN = 10;

/**
 * Records what to do about an open delivery issue, once, and queues the shipper advice in the
 * same transaction. `new_address` without the address (the customer pressed the button) waits
 * for the customer's next message. Answers null when the issue is no longer open.
 */
async function resolve(
  tx: Tx,
  orderId: string,
  choice: { resolution: DeliveryResolution; address?: string | null; note?: string; by: string },
): Promise<{ resolution: string } | null> {
  const address = choice.address?.trim() || null;
  const waits = choice.resolution === "new_address" && !address;
  const [resolved] = rows<{ resolution: string }>(
    await tx.execute(sql`
      update delivery_issues set resolution = ${choice.resolution}, address = ${address},
        note = ${choice.note ?? ""}, resolved_by = ${choice.by}, resolved_at = now(), awaiting_address = ${waits}
      where order_id = ${orderId}::uuid and resolution is null
      returning resolution`),
  );
  if (resolved && !waits) await queueAdvice(tx, orderId);
  return resolved ?? null;
}

const queueAdvice = (tx: Tx, orderId: string) =>
  enqueueJob(tx as Db, {
    kind: SEND_SHIPPER_ADVICE,
    payload: { orderId },
    key: `courier:advice:${orderId}`,
    maxAttempts: 8,
  });

/** PATCH /api/admin/orders/{id}/delivery-issue: an agent's choice, audited. */
export async function resolveAsAgent(
  db: Db,
  orderId: string,
  input: { resolution: DeliveryResolution; address?: string; note?: string },
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [issue] = rows<{ resolution: string | null; status: string; shipping_address: string }>(
      await tx.execute(sql`
        select d.resolution, o.status, o.shipping_address from orders o
        left join delivery_issues d on d.order_id = o.id
        where o.id = ${orderId}::uuid for update of o`),
    );
    if (!issue) throw orderNotFound();
    if (issue.status !== "shipped")
      throw new AppError(
        "CONFLICT",
        `#${orderNumber(orderId)} is ${issue.status}: only a parcel on its way can be redirected`,
      );
    const done = await resolve(tx, orderId, { ...input, by: actor });
    if (!done)
      throw new AppError(
        "CONFLICT",
        issue.resolution
          ? `#${orderNumber(orderId)}'s failed delivery was already answered (${issue.resolution}); the courier has been told`
          : `#${orderNumber(orderId)} has no failed delivery attempt to answer`,
      );
    if (input.resolution === "new_address" && input.address)
      await changeCustomerDetails(tx, orderId, { shippingAddress: input.address });
    await recordAudit(tx, {
      actor,
      action: "order.delivery-issue",
      entity: "order",
      entityId: orderId,
      orderId,
      before: { resolution: null, shippingAddress: issue.shipping_address },
      after: { resolution: input.resolution, address: input.address ?? null, note: input.note ?? null },
    });
  });
}

/**
 * A customer's button press, from the order's own number only: records the resolution and, for
 * "new address", waits for their next text message. Answers whether anything changed.
 */
export async function resolveAsCustomer(
  db: Db,
  orderId: string,
  resolution: DeliveryResolution,
  fromNumber: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = rows<{ customer_phone: string }>(
      await tx.execute(
        sql`select customer_phone from orders where id = ${orderId}::uuid and status = 'shipped' for update`,
      ),
    );
    if (!order || !sameNumber(order.customer_phone, fromNumber)) return false;
    return (await resolve(tx, orderId, { resolution, by: "customer on WhatsApp" })) !== null;
  });
}

const sameNumber = (stored: string, from: string) =>
  stored.replace(/\D/g, "").slice(-10) === from.replace(/\D/g, "").slice(-10) && from.replace(/\D/g, "").length >= 10;

/**
 * The customer's next text message after pressing "new address": it becomes the issue's address
 * (and the order's shipping address), and the courier is told. Answers the order, or null when
 * no order from that number waits for an address.
 */
export async function takeNewAddress(db: Db, fromNumber: string, text: string): Promise<string | null> {
  const address = text.replace(/\s+/g, " ").trim().slice(0, 500);
  if (address.length < ADDRESS_MIN) return null;
  const key = fromNumber.replace(/\D/g, "").slice(-10);
  if (key.length < 10) return null;
  return db.transaction(async (tx) => {
    const [waiting] = rows<{ order_id: string; shipping_address: string }>(
      await tx.execute(sql`
        select d.order_id, o.shipping_address from delivery_issues d join orders o on o.id = d.order_id
        where d.awaiting_address and o.status = 'shipped' and o.phone_key = ${key}
        order by d.resolved_at desc limit 1 for update of d`),
    );
    if (!waiting) return null;
    await tx.execute(sql`
      update delivery_issues set address = ${address}, awaiting_address = false where order_id = ${waiting.order_id}::uuid`);
    await changeCustomerDetails(tx, waiting.order_id, { shippingAddress: address });
    await queueAdvice(tx, waiting.order_id);
    await recordAudit(tx, {
      actor: "customer on WhatsApp",
      action: "order.delivery-issue",
      entity: "order",
      entityId: waiting.order_id,
      orderId: waiting.order_id,
      before: { shippingAddress: waiting.shipping_address },
      after: { resolution: "new_address", address },
    });
    return waiting.order_id;
  });
}

/** What the courier reads with the advice: the new address, or the plain instruction, and a note. */
function remarksOf(issue: { resolution: DeliveryResolution; address: string | null; note: string }): string {
  const main =
    issue.resolution === "return"
      ? "Please return the parcel to the shipper."
      : issue.resolution === "new_address"
        ? `Please deliver again to the new address: ${issue.address ?? ""}`
        : "Please attempt delivery again; the customer is expecting it.";
  return `${main}${issue.note ? ` ${issue.note}` : ""}`.slice(0, 500);
}

/**
 * The shipper advice job: tells the courier the resolution once (advised_at). A refusal or an
 * outage throws, so the runner tries again (the courier may not list the parcel for advice yet).
 */
export async function sendShipperAdvice(deps: ShippingDeps, orderId: string): Promise<void> {
  const [issue] = rows<{
    resolution: DeliveryResolution | null;
    address: string | null;
    note: string;
    advised_at: string | null;
    courier: string | null;
    tracking_number: string | null;
  }>(
    await deps.db.execute(sql`
      select d.resolution, d.address, d.note, d.advised_at, o.courier, o.tracking_number
      from delivery_issues d join orders o on o.id = d.order_id where d.order_id = ${orderId}::uuid`),
  );
  if (!issue || !issue.resolution || issue.advised_at || !issue.tracking_number) return;
  const courierId = courierOfName(issue.courier);
  const courier = courierId ? (await enabledCouriers(deps.db, deps.secrets)).get(courierId) : undefined;
  if (!courier) throw new CourierRefused(`${issue.courier ?? "The courier"} is not connected`);
  await courier.advise(issue.tracking_number, issue.resolution, remarksOf({ ...issue, resolution: issue.resolution }));
  await deps.db.execute(sql`update delivery_issues set advised_at = now() where order_id = ${orderId}::uuid`);
}
