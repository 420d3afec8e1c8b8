import type { DeliveryResolution } from "@shared/schemas/couriers.js";
import {
  callJson,
  CourierRefused,
  CourierUnavailable,
  foldWords,
  refusalReason,
  type Courier,
  type DestinationCity,
  type Parcel,
  type ParcelStatus,
} from "./courier.js";

/**
 * Leopards Courier's merchant API, as its published documentation describes it: "eCom Merchant
 * APIs V2" (https://ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf). Production base URL
 * https://merchantapi.leopardscourier.com/api, staging https://merchantapistaging.leopardscourier.com/api.
 * Every call here is a POST of JSON carrying `api_key` and `api_password` to
 * `<base>/<method>/format/json/`, answering `{status: 1, error: 0, ...}` or `{status: 0, error}`.
 * - getAllCities → `city_list: [{id, name, allow_as_destination, ...}]` (bookings name the city by id)
 * - bookPacket → `track_number`, `slip_link`
 * - getShipmentDetailsByOrderID (`shipment_order_id`: [..]) → `data: [{track_number, booked_packet_order_id}]`
 * - cancelBookedPackets (`cn_numbers`: comma-separated)
 * - trackBookedPacket (`track_numbers`: comma-separated) → `packet_list: [{track_number,
 *   booked_packet_status, activity_date, status_remarks, "Tracking Detail"}]`
 * - shipperAdviceList (`Cn_number`) → `data: [{id, cn_number, shipper_advice_status}]`, then
 *   updateShipperAdvice (`data: [{id, cn_number, shipper_advice_status: "RA" | "RT", shipper_remarks}]`)
 * - getPaymentDetails (GET, `cn_numbers` in the query) → `payment_list: [{booked_packet_cn, status, message}]`;
 *   the cheque or slip and its date are read when an answer carries them (`invoice_cheque_no`,
 *   `invoice_cheque_date`), not relied on
 */
export interface LeopardsConfig {
  baseUrl: string;
  apiKey: string;
  apiPassword: string;
  timeoutMs: number;
  weightGrams: number;
}

const NAME = "Leopards";
const TRACK_NUMBER = /^[A-Za-z0-9-]{4,40}$/;
/** "RA": re-attempt (with a new address in the remarks); "RT": return to shipper. */
const ADVICE: Record<DeliveryResolution, "RA" | "RT"> = { reattempt: "RA", new_address: "RA", return: "RT" };

const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
const text = (value: unknown) => (value == null ? "" : String(value).trim());

function dateOf(value: unknown): Date | null {
  const s = text(value);
  if (!s) return null;
  const d = new Date(s.includes("T") || s.length <= 10 ? s : s.replace(" ", "T") + "+05:00");
  return Number.isNaN(d.getTime()) ? null : d;
}

export function leopardsClient(config: LeopardsConfig): Courier {
  // Every method but booking, cancelling and advising only reads: those are tried again on a dropped connection.
  const WRITES = new Set(["bookPacket", "cancelBookedPackets", "updateShipperAdvice"]);
  const call = async (method: string, fields: Record<string, unknown>) => {
    const url = `${config.baseUrl.replace(/\/+$/, "")}/${method}/format/json/`;
    const { body } = await callJson(NAME, url, {
      method: "POST",
      body: { api_key: config.apiKey, api_password: config.apiPassword, ...fields },
      timeoutMs: config.timeoutMs,
      idempotent: !WRITES.has(method),
    });
    if (Number(body!.status) !== 1) throw new CourierRefused(refusalReason(body!.error, NAME));
    return body!;
  };
  // The documentation's GET methods take the credentials and fields as query parameters.
  const get = async (method: string, fields: Record<string, string>) => {
    const query = new URLSearchParams({ api_key: config.apiKey, api_password: config.apiPassword, ...fields });
    const url = `${config.baseUrl.replace(/\/+$/, "")}/${method}/format/json/?${query}`;
    const { body } = await callJson(NAME, url, { method: "GET", timeoutMs: config.timeoutMs, idempotent: true });
    if (Number(body!.status) !== 1) throw new CourierRefused(refusalReason(body!.error, NAME));
    return body!;
  };
  let cities: Promise<DestinationCity[]> | null = null;
  const loadCities = async () => {
    const body = await call("getAllCities", {});
    return list(body.city_list)
      .filter((c) => c.allow_as_destination !== false && c.allow_as_destination !== 0)
      .map((c) => ({ key: String(c.id), name: text(c.name) }));
  };

  /** Read once per client; a failed read is not kept, so the next call asks again. */
  const allCities = () =>
    (cities ??= loadCities().catch((err) => {
      cities = null;
      throw err;
    }));

  return {
    id: "leopards",
    name: NAME,
    trackBatch: 50,

    cities: allCities,

    async destination(city) {
      const wanted = foldWords(city);
      return (await allCities()).find((c) => foldWords(c.name) === wanted) ?? null;
    },

    async book(parcel: Parcel, city: DestinationCity) {
      const body = await call("bookPacket", {
        booked_packet_weight: config.weightGrams,
        booked_packet_no_piece: Math.max(1, parcel.pieces),
        booked_packet_collect_amount: parcel.codAmount,
        booked_packet_order_id: parcel.orderRef,
        // 'self': the shipper's own details as registered with Leopards.
        origin_city: "self",
        destination_city: Number(city.key),
        shipment_name_eng: "self",
        shipment_email: "self",
        shipment_phone: "self",
        shipment_address: "self",
        consignment_name_eng: parcel.customerName,
        consignment_email: parcel.customerEmail,
        consignment_phone: parcel.customerPhone,
        consignment_address: parcel.address,
        special_instructions: parcel.instructions || "Call before delivery",
      });
      const trackNumber = text(body.track_number);
      if (!TRACK_NUMBER.test(trackNumber))
        throw new CourierUnavailable("Leopards accepted the booking but sent no usable tracking number");
      return trackNumber;
    },

    async findBooking(orderRef) {
      const body = await call("getShipmentDetailsByOrderID", { shipment_order_id: [orderRef] }).catch((err) => {
        if (err instanceof CourierRefused) return { data: [] };
        throw err;
      });
      const found = list(body.data).find((d) => text(d.booked_packet_order_id) === orderRef);
      const trackNumber = text(found?.track_number);
      return TRACK_NUMBER.test(trackNumber) ? trackNumber : null;
    },

    async cancel(trackingNumber) {
      await call("cancelBookedPackets", { cn_numbers: trackingNumber });
    },

    async track(trackingNumbers): Promise<ParcelStatus[]> {
      const body = await call("trackBookedPacket", { track_numbers: trackingNumbers.join(",") });
      return list(body.packet_list).map((p) => ({
        trackingNumber: text(p.track_number),
        text: text(p.booked_packet_status),
        // The documentation spells it both ways ("status_remarks", "status_reamrks").
        reason: text(p.status_remarks ?? p.status_reamrks),
        at: dateOf(p.activity_date),
      }));
    },

    async advise(trackingNumber, advice, remarks) {
      // The advice answers a line of Leopards' shipper-advice list: its id comes from there.
      const listed = await call("shipperAdviceList", { Cn_number: trackingNumber, start: 0, length: 10 });
      const line = list(listed.data).find((d) => text(d.cn_number) === trackingNumber);
      if (!line) throw new CourierRefused(`Leopards has no shipper advice pending for ${trackingNumber} yet`);
      await call("updateShipperAdvice", {
        data: [
          {
            id: line.id,
            cn_number: trackingNumber,
            shipper_advice_status: ADVICE[advice],
            shipper_remarks: remarks,
          },
        ],
      });
    },

    async paymentStatus(trackingNumber) {
      const body = await get("getPaymentDetails", { cn_numbers: trackingNumber });
      const line = list(body.payment_list).find((p) => text(p.booked_packet_cn) === trackingNumber);
      const status = text(line?.status);
      const paid = /^paid$/i.test(status);
      return {
        paid,
        text: status || "Not paid yet",
        paidOn: paid ? text(line?.invoice_cheque_date) || null : null,
        reference: text(line?.invoice_cheque_no) || null,
        amount: null,
      };
    },
  };
}
