/**
 * Leopards Courier's merchant API, as its published documentation describes it: "eCom Merchant
 * APIs V2" (https://ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf). Production base URL
 * https://merchantapi.leopardscourier.com/api, staging https://merchantapistaging.leopardscourier.com/api.
 * Every call is a POST of JSON carrying `api_key` and `api_password` to `<base>/<method>/format/json/`
 * and answers `{status: 1, error: 0, ...}` on success or `{status: 0, error: "<message>"}`.
 * - getAllCities → `city_list: [{id, name, allow_as_destination, ...}]` (bookings name the city by id)
 * - bookPacket → `track_number`, `slip_link`
 * - trackBookedPacket (`track_numbers`: comma-separated) → `packet_list: [{track_number, booked_packet_status, ...}]`
 */

export interface LeopardsConfig {
  baseUrl: string;
  apiKey: string;
  apiPassword: string;
  timeoutMs: number;
}

export interface LeopardsCity {
  id: number;
  name: string;
  allowAsDestination: boolean;
}

export interface LeopardsBooking {
  weightGrams: number;
  pieces: number;
  collectAmount: number;
  orderRef: string;
  destinationCityId: number;
  consigneeName: string;
  consigneeEmail: string;
  consigneePhone: string;
  consigneeAddress: string;
  specialInstructions: string;
}

export interface LeopardsPacket {
  trackNumber: string;
  status: string;
}

/** The courier answered and said no: a reason the agent can act on (wrong city, bad phone, …). */
export class CourierRefused extends Error {}
/** The courier could not be reached or failed: nothing was decided, try again later. */
export class CourierUnavailable extends Error {}

type Answer = { status?: unknown; error?: unknown } & Record<string, unknown>;

const TRACK_NUMBER = /^[A-Za-z0-9-]{4,40}$/;
/** A reason as Leopards words them ("Invalid consignee phone number"): one short plain sentence. */
const PLAIN_REASON = /^[\p{L}\p{N} .,:;'()#&/+-]{3,160}$/u;

/**
 * The courier's reason for a refusal, shown to the agent only when it reads like one: whatever
 * else the address answers (markup, links, another service's text) is never passed on.
 */
export function refusalReason(error: unknown): string {
  const text = typeof error === "string" ? error.replace(/\s+/g, " ").trim() : "";
  return PLAIN_REASON.test(text) && !/https?:|www\./i.test(text)
    ? text
    : "no reason given; check the order's phone, address and city, or the Leopards portal";
}

export function leopardsClient(config: LeopardsConfig) {
  const call = async (method: string, fields: Record<string, unknown>): Promise<Answer> => {
    const url = `${config.baseUrl.replace(/\/+$/, "")}/${method}/format/json/`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ api_key: config.apiKey, api_password: config.apiPassword, ...fields }),
        signal: AbortSignal.timeout(config.timeoutMs),
        // A redirect would carry the key and password (a 307/308 re-sends the body) to an address
        // nobody typed: it fails the call instead.
        redirect: "error",
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new CourierUnavailable(
        timedOut
          ? `Leopards did not answer within ${Math.round(config.timeoutMs / 1000)} s`
          : "Leopards could not be reached",
      );
    }
    const body = (await response.json().catch(() => null)) as Answer | null;
    if (response.status >= 500 || !body || typeof body !== "object")
      throw new CourierUnavailable(`Leopards answered with an error (HTTP ${response.status})`);
    if (Number(body.status) !== 1) throw new CourierRefused(refusalReason(body.error));
    return body;
  };

  return {
    async cities(): Promise<LeopardsCity[]> {
      const body = await call("getAllCities", {});
      const list = Array.isArray(body.city_list) ? (body.city_list as Record<string, unknown>[]) : [];
      return list.map((c) => ({
        id: Number(c.id),
        name: String(c.name ?? ""),
        allowAsDestination: c.allow_as_destination !== false && c.allow_as_destination !== 0,
      }));
    },

    async book(b: LeopardsBooking): Promise<{ trackNumber: string; slipLink: string | null }> {
      const body = await call("bookPacket", {
        booked_packet_weight: b.weightGrams,
        booked_packet_no_piece: b.pieces,
        booked_packet_collect_amount: b.collectAmount,
        booked_packet_order_id: b.orderRef,
        // 'self': the shipper's own details as registered with Leopards.
        origin_city: "self",
        destination_city: b.destinationCityId,
        shipment_name_eng: "self",
        shipment_email: "self",
        shipment_phone: "self",
        shipment_address: "self",
        consignment_name_eng: b.consigneeName,
        consignment_email: b.consigneeEmail,
        consignment_phone: b.consigneePhone,
        consignment_address: b.consigneeAddress,
        special_instructions: b.specialInstructions,
      });
      const trackNumber = typeof body.track_number === "string" ? body.track_number.trim() : "";
      if (!TRACK_NUMBER.test(trackNumber))
        throw new CourierUnavailable("Leopards accepted the booking but sent no usable tracking number");
      return { trackNumber, slipLink: typeof body.slip_link === "string" ? body.slip_link : null };
    },

    async track(trackNumbers: string[]): Promise<LeopardsPacket[]> {
      const body = await call("trackBookedPacket", { track_numbers: trackNumbers.join(",") });
      const list = Array.isArray(body.packet_list) ? (body.packet_list as Record<string, unknown>[]) : [];
      return list.map((p) => ({
        trackNumber: String(p.track_number ?? ""),
        status: String(p.booked_packet_status ?? ""),
      }));
    },
  };
}

export type LeopardsClient = ReturnType<typeof leopardsClient>;

/**
 * What a Leopards packet status means for the order: its terminal states "Delivered" and
 * "Returned to shipper" (the push API's DV and RS); anything else is still on the way.
 */
export function outcomeOf(status: string): "delivered" | "returned" | null {
  const s = status.trim().toLowerCase();
  if (s === "delivered") return "delivered";
  if (/^returned to (shipper|vendor)$/.test(s) || s === "delivered to vendor") return "returned";
  return null;
}
