import { sql } from "drizzle-orm";
import { phoneKey } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";

/** The customer's details on an order that may change after placement; what is absent stays. */
export interface CustomerDetails {
  customerName?: string;
  customerPhone?: string;
  shippingAddress?: string;
  city?: string;
  postalCode?: string;
}

/**
 * The one writer of an order's customer details after placement (modules/order-columns.json): a
 * staff member's correction before shipping (modules/orders) and a redirected parcel's new address
 * (modules/shipping) both come here. The phone's key follows the phone. In the caller's transaction.
 */
export async function changeCustomerDetails(tx: Db, orderId: string, change: CustomerDetails): Promise<void> {
  const keep = <T>(value: T | undefined) => value ?? null;
  await tx.execute(sql`update orders set
      customer_name = coalesce(${keep(change.customerName)}, customer_name),
      customer_phone = coalesce(${keep(change.customerPhone)}, customer_phone),
      phone_key = coalesce(${change.customerPhone === undefined ? null : phoneKey(change.customerPhone)}, phone_key),
      shipping_address = coalesce(${keep(change.shippingAddress)}, shipping_address),
      city = coalesce(${keep(change.city)}, city),
      postal_code = coalesce(${keep(change.postalCode)}, postal_code)
    where id = ${orderId}::uuid`);
}
