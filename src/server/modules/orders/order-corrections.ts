import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { orderCorrectionFields } from "@shared/schemas/couriers.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/index.js";
import { changeCustomerDetails, orderNotFound } from "../order-core/index.js";

type Field = (typeof orderCorrectionFields)[number];
export type OrderCorrection = Partial<Record<Field, string>>;

const COLUMN: Record<Field, string> = {
  customerName: "customer_name",
  customerPhone: "customer_phone",
  shippingAddress: "shipping_address",
  city: "city",
  postalCode: "postal_code",
};

/** The correction fields a PATCH /api/orders/{id} carries, if any. */
export function correctionOf(input: Record<string, unknown>): OrderCorrection | null {
  const given = orderCorrectionFields.filter((f) => typeof input[f] === "string");
  return given.length ? Object.fromEntries(given.map((f) => [f, input[f] as string])) : null;
}

/**
 * Staff correct the customer's name, phone, address, city or postal code, until the order is
 * shipped (afterwards only a failed delivery's new address changes where it goes). Audited with
 * what was there before.
 */
export async function correctOrder(db: Db, id: string, change: OrderCorrection, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = (
      (await tx.execute(sql`
        select status, customer_name, customer_phone, shipping_address, city, postal_code
        from orders where id = ${id}::uuid for update`)) as unknown as { rows: Record<string, string>[] }
    ).rows;
    if (!row) throw orderNotFound();
    if (!["pending", "processing"].includes(row.status))
      throw new AppError(
        "CONFLICT",
        `#${orderNumber(id)} is ${row.status}: the customer's details can be corrected only until it ships (a failed delivery can take a new address)`,
      );
    const fields = Object.keys(change) as Field[];
    const before = Object.fromEntries(fields.map((f) => [f, row[COLUMN[f]]]));
    await changeCustomerDetails(tx, id, change);
    await recordAudit(tx, {
      actor,
      action: "order.corrected",
      entity: "order",
      entityId: id,
      orderId: id,
      before,
      after: change,
    });
  });
}
