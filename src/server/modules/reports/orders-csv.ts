import { chosenValues, type VariantOptions } from "@shared/catalogue/variants.js";
import { sql, type SQL } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { STATUS_FILTER_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../../db/client.js";
import { CSV_BOM, csvLine } from "./csv.js";
import { queryRows } from "../../db/rows.js";
import { STORE_TIME_ZONE } from "./store-time.js";

const BATCH = 1000;

export const CSV_HEADER = [
  "Order Number",
  "Order ID",
  "Date (PKT)",
  "Status",
  "Customer",
  "Phone",
  "Email",
  "Address",
  "City",
  "Postal Code",
  "Items",
  "Subtotal",
  "Total",
  // Added after the first release: new columns go at the end, so programs reading the old ones by
  // position keep working. Named after the contract's courier, trackingNumber and trackingUrl.
  "Courier",
  "Tracking Number",
  "Tracking URL",
  // What the shopper pays, part by part (issue 24): Total = Subtotal − Discount + Delivery Fee + COD Fee.
  "Discount",
  "Discount Code",
  "Delivery Fee",
  "COD Fee",
  "COD Amount",
  // The advance owed before shipping and what was paid of it (issue 25); COD Amount = Total − Advance Paid.
  "Advance",
  "Advance Paid",
  "Advance Status",
];

type ItemPart = { productName: string; quantity: number; size: string; color: string; options?: VariantOptions };
type CsvRow = {
  id: string;
  cursor: string;
  local_time: string;
  status: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  subtotal: unknown;
  total: unknown;
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  discount: unknown;
  discount_code: string | null;
  delivery_fee: unknown;
  cod_fee: unknown;
  cod_amount: unknown;
  advance_amount: unknown;
  advance_paid: unknown;
  advance_status: string;
  items: ItemPart[] | string | null;
};

/**
 * The orders as CSV lines, newest first, read in batches (keyset on created_at, id) so an
 * export of any size holds at most one batch in memory. One statement per batch brings the
 * orders with their items (through the order_items index), so a batch is one round trip.
 */
export async function* ordersCsvLines(
  db: Db,
  status: OrderStatus | undefined,
  batchSize = BATCH,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const conditions: SQL[] = [sql`true`];
    if (status) conditions.push(sql`o.status = ${status}`);
    if (after) {
      // The row comparison alone is not matched to the created_at indexes; the plain bound is.
      conditions.push(sql`o.created_at <= ${after.cursor}::timestamptz`);
      conditions.push(sql`(o.created_at, o.id) < (${after.cursor}::timestamptz, ${after.id}::uuid)`);
    }
    const batch = await queryRows<CsvRow>(
      db,
      sql`select o.id, o.created_at::text as cursor,
                 to_char(o.created_at at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as local_time,
                 o.status, o.customer_name, o.customer_phone, o.customer_email, o.shipping_address, o.city, o.postal_code,
                 o.subtotal, o.total, o.courier, o.tracking_number, o.tracking_url,
                 o.discount, o.discount_code, o.delivery_fee, o.cod_fee, o.cod_amount,
                 o.advance_amount, o.advance_paid, o.advance_status,
                 (select json_agg(json_build_object('productName', oi.product_name, 'quantity', oi.quantity,
                                                    'size', oi.size, 'color', oi.color, 'options', oi.options)
                                  order by oi.id)
                  from order_items oi where oi.order_id = o.id) as items
          from orders o
          where ${sql.join(conditions, sql` and `)}
          order by o.created_at desc, o.id desc
          limit ${batchSize}`,
    );
    if (batch.length === 0) return;
    let chunk = "";
    for (const o of batch) {
      const items = (typeof o.items === "string" ? JSON.parse(o.items) : (o.items ?? [])) as ItemPart[];
      chunk += csvLine([
        orderNumber(o.id),
        o.id,
        o.local_time,
        STATUS_FILTER_LABELS[o.status as OrderStatus] ?? o.status,
        o.customer_name,
        o.customer_phone,
        o.customer_email,
        o.shipping_address,
        o.city,
        o.postal_code,
        items.map(describeItem).join("; "),
        Number(o.subtotal),
        Number(o.total),
        o.courier ?? "",
        o.tracking_number ?? "",
        o.tracking_url ?? "",
        Number(o.discount),
        o.discount_code ?? "",
        Number(o.delivery_fee),
        Number(o.cod_fee),
        Number(o.cod_amount),
        Number(o.advance_amount),
        Number(o.advance_paid),
        o.advance_status,
      ]);
    }
    yield chunk;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { cursor: last.cursor, id: last.id };
  }
}

/** '2× Lawn Suit (M, Red)'; the brackets only hold what the shopper chose. */
export function describeItem(item: ItemPart): string {
  const options = chosenValues(item);
  return `${item.quantity}× ${item.productName}${options ? ` (${options})` : ""}`;
}
