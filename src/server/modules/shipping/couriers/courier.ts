import type { CourierId, DeliveryResolution } from "@shared/schemas/couriers.js";

/**
 * What the store asks of any courier with a merchant API (decision 023). Each implementation
 * speaks its courier's published API (leopards-client.ts, postex-client.ts) and says nothing the
 * rest of the store must interpret beyond this shape: parcels are named by tracking number, the
 * courier's own words are passed on as they are, and failures are one of two errors below.
 */
export interface Courier {
  id: CourierId;
  /** As orders, labels and the tracking link name it ("Leopards", "PostEx"). */
  name: string;
  /** Most tracking numbers one tracking call may carry. */
  trackBatch: number;
  /** Every city the courier delivers to (its own list, read once per client). */
  cities(): Promise<DestinationCity[]>;
  /** The courier's name for the destination city when it delivers there, else null. */
  destination(city: string): Promise<DestinationCity | null>;
  /** Books one parcel; answers the tracking number. */
  book(parcel: Parcel, city: DestinationCity): Promise<string>;
  /**
   * After a booking that timed out: the tracking number of a parcel booked under this order
   * number since `since` (when the store first asked), or null when the courier has none.
   * Throws CourierUnavailable when the courier cannot be asked now.
   */
  findBooking(orderRef: string, since: Date): Promise<string | null>;
  cancel(trackingNumber: string): Promise<void>;
  /** The latest status of each parcel the courier knows (unknown numbers are left out). */
  track(trackingNumbers: string[]): Promise<ParcelStatus[]>;
  /** Tells the courier what to do about a failed attempt (shipper advice). */
  advise(trackingNumber: string, advice: DeliveryResolution, remarks: string): Promise<void>;
  /** Whether the courier has paid the collected cash over for a parcel, in its words and fields. */
  paymentStatus(trackingNumber: string): Promise<CourierPayment>;
}

/** What a courier says about the cash it collected for one parcel (its payment-status call). */
export interface CourierPayment {
  /** The courier says it has paid the cash over to the shop. */
  paid: boolean;
  /** In the courier's words, e.g. "Settled on 2026-11-20", "Pending". */
  text: string;
  /** When it was paid (the courier's date as it gives it), else null. */
  paidOn: string | null;
  /** The courier's reference for the payment (PostEx's CPR number, Leopards' cheque or slip), else null. */
  reference: string | null;
  /** Whole rupees the courier says it paid for the parcel, when it says; else null. */
  amount: number | null;
}

export interface DestinationCity {
  /** What the booking carries: Leopards' city id, PostEx's operational city name. */
  key: string;
  name: string;
}

export interface Parcel {
  /** The order number (first 8 characters of the order id, upper-cased), as tracking shows it. */
  orderRef: string;
  /** Cash the rider collects, whole rupees. */
  codAmount: number;
  pieces: number;
  description: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  address: string;
  city: string;
  instructions: string;
}

export interface ParcelStatus {
  trackingNumber: string;
  /** The courier's own words, e.g. "Delivered", "Delivery Under Review". */
  text: string;
  /** Why, when the courier says (a failed attempt's reason), else "". */
  reason: string;
  /** When the courier says it happened; null when it does not say. */
  at: Date | null;
}

/** The courier answered and said no: a reason the agent can act on (wrong city, bad phone, …). */
export class CourierRefused extends Error {}
/**
 * The courier could not be reached, timed out or failed: nothing was decided, try again later.
 * `uncertain`: the request may have reached the courier (a time-out, a dropped connection), so a
 * booking may exist after all.
 */
export class CourierUnavailable extends Error {
  constructor(
    message: string,
    readonly uncertain = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const PLAIN_REASON = /^[\p{L}\p{N} .,:;'()#&/+-]{3,160}$/u;

/**
 * A courier's reason for a refusal, shown to the agent only when it reads like one: whatever else
 * the address answers (markup, links, another service's text) is never passed on.
 */
export function refusalReason(error: unknown, courierName: string): string {
  const text = typeof error === "string" ? error.replace(/\s+/g, " ").trim() : "";
  return PLAIN_REASON.test(text) && !/https?:|www\./i.test(text)
    ? text
    : `no reason given; check the order's phone, address and city, or the ${courierName} portal`;
}

/** Courier words and names compared loosely: case, spaces and punctuation aside. */
export const foldWords = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * A POST/GET/PUT of JSON with a time-out, refusing redirects (a redirect would carry the
 * credentials to an address nobody typed). Network failures and 5xx become CourierUnavailable.
 */
export async function callJson(
  courierName: string,
  url: string,
  init: {
    method: string;
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    /** A read: tried again (up to four times) when the connection drops (an idle kept-alive socket the server closed). */
    idempotent?: boolean;
  },
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let response: Response | null = null;
  for (let attempt = 1; !response; attempt++) {
    try {
      response = await fetch(url, {
        method: init.method,
        headers: { accept: "application/json", "content-type": "application/json", ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs),
        redirect: "error",
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      const refused = (err as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
      if (!timedOut && !refused && init.idempotent && attempt < 4) continue;
      throw new CourierUnavailable(
        timedOut
          ? `${courierName} did not answer within ${Math.round(init.timeoutMs / 1000)} s`
          : `${courierName} could not be reached`,
        !refused,
        { cause: err },
      );
    }
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status >= 500 || !body || typeof body !== "object" || Array.isArray(body))
    throw new CourierUnavailable(`${courierName} answered with an error (HTTP ${response.status})`);
  return { status: response.status, body };
}
