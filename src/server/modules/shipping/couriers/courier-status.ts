import type { CourierId } from "@shared/schemas/couriers.js";
import { foldWords } from "./courier.js";

/** What a courier's status means for the order; `null`: still on the way (or a word we do not know). */
export type StatusMeaning = "delivered" | "returned" | "attempt" | null;

/**
 * Leopards' statuses as its documentation lists them: the tracking API's `booked_packet_status`
 * words and the push API's short codes ("Shipment Journey": RC, AC, DV, PN1, PN2, RO, RN1, RN2,
 * RW, DW, RS, DR, AR, DP, NR, SP), plus the portal's "Pending" for an undelivered attempt.
 */
const LEOPARDS: Record<string, StatusMeaning> = {
  "pickup request not send": null,
  "pickup request sent": null,
  "consignment booked": null,
  rc: null,
  "shipment picked": null,
  sp: null,
  "arrived at station": null,
  ar: null,
  dispatched: null,
  dp: null,
  "assigned to courier": null,
  "out for delivery": null,
  ac: null,
  delivered: "delivered",
  dv: "delivered",
  pending: "attempt",
  "first attempt in forward leg": "attempt",
  pn1: "attempt",
  "second attempt in forward leg": "attempt",
  pn2: "attempt",
  "being return": null,
  ro: null,
  "first attempt in reverse leg": null,
  rn1: null,
  "second attempt in reverse leg": null,
  rn2: null,
  "ready for return": null,
  nr: null,
  "returned to warehouse": "returned",
  rw: "returned",
  "delivered to warehouse": "returned",
  dw: "returned",
  "returned to shipper": "returned",
  rs: "returned",
  "delivered to vendor": "returned",
  "returned to vendor": "returned",
  dr: "returned",
};

/**
 * PostEx's `transactionStatus` words (Merchant API Integration Guide v4.1.9, order status list):
 * "Delivery Under Review" and "Attempted" are the undelivered attempts a shipper advises on.
 */
const POSTEX: Record<string, StatusMeaning> = {
  unbooked: null,
  booked: null,
  "picked by postex": null,
  "en route to postex warehouse": null,
  "postex warehouse": null,
  "out for delivery": null,
  delivered: "delivered",
  "delivery under review": "attempt",
  attempted: "attempt",
  "attempt made": "attempt",
  "out for return": null,
  returned: "returned",
  "un assigned by me": null,
  expired: null,
};

const TABLES: Record<CourierId, Record<string, StatusMeaning>> = { leopards: LEOPARDS, postex: POSTEX };

export function meaningOf(courier: CourierId, text: string): StatusMeaning {
  return TABLES[courier][foldWords(text)] ?? null;
}

/** Whether the courier's documentation lists this status at all (an unknown one is kept as it is). */
export const isKnownStatus = (courier: CourierId, text: string) => foldWords(text) in TABLES[courier];
