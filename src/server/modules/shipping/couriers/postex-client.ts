import type { DeliveryResolution } from "@shared/schemas/couriers.js";
import {
  callJson,
  CourierRefused,
  CourierUnavailable,
  foldWords,
  refusalReason,
  type Courier,
  type DestinationCity,
  type ParcelStatus,
} from "./courier.js";

/**
 * PostEx's merchant API, as its "Merchant API Integration Guide" v4.1.9 describes it. Base URL
 * https://api.postex.pk/services/integration/api/order; every call carries the header `token`
 * and answers `{statusCode: "200", statusMessage, dist}` (an error: another `statusCode` and the
 * reason in `statusMessage`).
 * - GET v2/get-operational-city → `dist: [{operationalCityName, isDeliveryCity, isPickupCity}]`
 * - POST v3/create-order {cityName, customerName, customerPhone, deliveryAddress, invoiceDivision,
 *   invoicePayment, items, orderDetail, orderRefNumber, orderType, transactionNotes,
 *   pickupAddressCode} → `dist: {trackingNumber, orderStatus, orderDate}`
 * - GET v1/track-order/{trackingNumber} → `dist: {trackingNumber, transactionStatus,
 *   transactionStatusHistory: [{transactionStatusMessage, transactionStatusMessageCode, modifiedDatetime}]}`
 * - GET v1/track-bulk-order?TrackingNumbers=a,b → `dist: [{trackingNumber, trackingResponse, message}]`
 * - PUT v1/cancel-order {trackingNumber}
 * - PUT v2/save-shipper-advice {trackingNumber, statusId (1: return, 2: re-attempt), remarks}
 * - GET v1/get-all-order?orderStatusId=0&startDate=YYYY-MM-DD&endDate=YYYY-MM-DD → `dist: [{trackingNumber,
 *   orderRefNumber, transactionStatus, ...}]` (every order booked in those days; the guide's names
 *   orderStatusID/fromDate/toDate are refused by the live API, as two public clients note)
 * - GET v1/payment-status/{trackingNumber} → `dist: {orderRefNumber, trackingNumber, settle,
 *   settlementDate, upfrontPaymentDate, cprNumber_1, reservePaymentDate, cprNumber_2}` (only the
 *   keys with values)
 * PostEx has no look-up by order reference: a booking that timed out is found in the list of the
 * orders booked since the attempt (get-all-order), by its orderRefNumber.
 */
export interface PostexConfig {
  baseUrl: string;
  token: string;
  pickupAddressCode: string;
  timeoutMs: number;
}

const NAME = "PostEx";
const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;
const STATUS_ID: Record<DeliveryResolution, 1 | 2> = { return: 1, reattempt: 2, new_address: 2 };

const text = (value: unknown) => (value == null ? "" : String(value).trim());
/** Statuses of an order the merchant cancelled or PostEx let lapse: not a booking to keep. */
const NOT_BOOKED = new Set(["un assigned by me", "expired", "cancelled"]);
/** A day as PostEx's list takes it: the Pakistan date, YYYY-MM-DD. */
const pakistanDay = (d: Date) => new Date(d.getTime() + 5 * 3600_000).toISOString().slice(0, 10);
const truthy = (value: unknown) => value === true || String(value).toLowerCase() === "true";

/** PostEx's times are Pakistan time without a zone ("2024-05-01 14:03:00"). */
function dateOf(value: unknown): Date | null {
  const s = text(value);
  if (!s) return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(" ", "T")}+05:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 0300-1234567, +92 300 1234567 → 03001234567, the form PostEx asks for. */
export function postexPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 10 ? `0${digits.slice(-10)}` : digits;
}

function statusOf(trackingNumber: string, dist: Record<string, unknown>): ParcelStatus {
  const history = Array.isArray(dist.transactionStatusHistory)
    ? (dist.transactionStatusHistory as Record<string, unknown>[])
    : [];
  const last = history[history.length - 1];
  const status = text(dist.transactionStatus);
  const said = text(last?.transactionStatusMessage);
  return {
    trackingNumber: text(dist.trackingNumber) || trackingNumber,
    text: status,
    reason: said && foldWords(said) !== foldWords(status) ? said : "",
    at: dateOf(last?.modifiedDatetime),
  };
}

export function postexClient(config: PostexConfig): Courier {
  const base = config.baseUrl.replace(/\/+$/, "");
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await callJson(NAME, `${base}/${path}`, {
      method,
      headers: { token: config.token },
      body,
      timeoutMs: config.timeoutMs,
      idempotent: method === "GET",
    });
    if (text(answer.body!.statusCode) !== "200" || answer.status >= 400)
      throw new CourierRefused(refusalReason(answer.body!.statusMessage, NAME));
    return answer.body!;
  };
  let cities: Promise<DestinationCity[]> | null = null;
  const loadCities = async () => {
    const body = await call("GET", "v2/get-operational-city");
    const list = Array.isArray(body.dist) ? (body.dist as Record<string, unknown>[]) : [];
    return list
      .filter((c) => truthy(c.isDeliveryCity))
      .map((c) => ({ key: text(c.operationalCityName), name: text(c.operationalCityName) }));
  };

  /** Read once per client; a failed read is not kept, so the next call asks again. */
  const allCities = () =>
    (cities ??= loadCities().catch((err) => {
      cities = null;
      throw err;
    }));

  return {
    id: "postex",
    name: NAME,
    trackBatch: 50,

    cities: allCities,

    async destination(city) {
      const wanted = foldWords(city);
      return (await allCities()).find((c) => foldWords(c.name) === wanted) ?? null;
    },

    async book(parcel, city) {
      const body = await call("POST", "v3/create-order", {
        cityName: city.key,
        customerName: parcel.customerName,
        customerPhone: postexPhone(parcel.customerPhone),
        deliveryAddress: parcel.address,
        invoiceDivision: 1,
        invoicePayment: parcel.codAmount,
        items: Math.max(1, parcel.pieces),
        orderDetail: parcel.description,
        orderRefNumber: parcel.orderRef,
        orderType: "Normal",
        transactionNotes: parcel.instructions,
        pickupAddressCode: config.pickupAddressCode,
      });
      const dist = (body.dist ?? {}) as Record<string, unknown>;
      const trackingNumber = text(dist.trackingNumber);
      if (!TRACKING_NUMBER.test(trackingNumber))
        throw new CourierUnavailable("PostEx accepted the booking but sent no usable tracking number");
      return trackingNumber;
    },

    async findBooking(orderRef, since) {
      const query = new URLSearchParams({
        orderStatusId: "0",
        startDate: pakistanDay(since),
        endDate: pakistanDay(new Date(Math.max(Date.now(), since.getTime()))),
      });
      const body = await call("GET", `v1/get-all-order?${query}`);
      const list = Array.isArray(body.dist) ? (body.dist as Record<string, unknown>[]) : [];
      const found = list
        .map((row) => (row.trackingResponse && typeof row.trackingResponse === "object" ? row.trackingResponse : row))
        .map((row) => row as Record<string, unknown>)
        .filter(
          (row) => text(row.orderRefNumber) === orderRef && !NOT_BOOKED.has(foldWords(text(row.transactionStatus))),
        )
        .map((row) => text(row.trackingNumber))
        .filter((n) => TRACKING_NUMBER.test(n));
      return found.at(-1) ?? null;
    },

    async cancel(trackingNumber) {
      await call("PUT", "v1/cancel-order", { trackingNumber });
    },

    async track(trackingNumbers) {
      if (trackingNumbers.length === 1) {
        const body = await call("GET", `v1/track-order/${encodeURIComponent(trackingNumbers[0])}`);
        return [statusOf(trackingNumbers[0], (body.dist ?? {}) as Record<string, unknown>)];
      }
      const query = new URLSearchParams({ TrackingNumbers: trackingNumbers.join(",") });
      const body = await call("GET", `v1/track-bulk-order?${query}`);
      const list = Array.isArray(body.dist) ? (body.dist as Record<string, unknown>[]) : [];
      return list
        .filter((entry) => entry.trackingResponse && typeof entry.trackingResponse === "object")
        .map((entry) => statusOf(text(entry.trackingNumber), entry.trackingResponse as Record<string, unknown>));
    },

    async advise(trackingNumber, advice, remarks) {
      await call("PUT", "v2/save-shipper-advice", { trackingNumber, statusId: STATUS_ID[advice], remarks });
    },

    async paymentStatus(trackingNumber) {
      const body = await call("GET", `v1/payment-status/${encodeURIComponent(trackingNumber)}`);
      const dist = (body.dist ?? {}) as Record<string, unknown>;
      const paid = truthy(dist.settle);
      const date = text(dist.settlementDate) || null;
      // The CPR (cash payment receipt) numbers: the upfront part first, then the reserve.
      const reference = [text(dist.cprNumber_1), text(dist.cprNumber_2)].filter(Boolean).join(", ") || null;
      return {
        paid,
        text: paid ? `Settled${date ? ` on ${date}` : ""}` : "Not settled yet",
        paidOn: paid ? date : null,
        reference,
        amount: null,
      };
    },
  };
}
