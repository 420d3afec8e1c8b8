import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Leopards Courier's merchant API (eCom Merchant APIs V2): a real HTTP server
 * on 127.0.0.1 answering the documented methods and shapes, recording every request it got.
 * Modes: "ok"; "refuse" (answers {status: 0, error}); "error" (HTTP 500); "hang" (never answers,
 * for the client's time-out); "book-then-hang" (books the packet, then never answers: a booking
 * whose answer was lost); "redirect" (a 307 to its own method "captured", which records what a
 * client that followed it sent).
 */
export type FakeMode = "ok" | "refuse" | "error" | "hang" | "book-then-hang" | "redirect";

export interface FakeRequest {
  method: string;
  body: Record<string, unknown>;
}

export const FAKE_KEY = "fake-key";
export const FAKE_PASSWORD = "fake-password";
export const FAKE_CITIES = [
  { id: 789, name: "Lahore", allow_as_origin: true, allow_as_destination: true, shipment_type: ["overnight"] },
  { id: 475, name: "Karachi", allow_as_origin: true, allow_as_destination: true, shipment_type: ["overnight"] },
  { id: 202, name: "Islamabad", allow_as_origin: true, allow_as_destination: true, shipment_type: ["overnight"] },
];

interface Packet {
  orderId: string;
  status: string;
  remarks: string;
  activityDate: string;
  cancelled: boolean;
  paid: boolean;
}

export async function startLeopardsFake() {
  const requests: FakeRequest[] = [];
  const packets = new Map<string, Packet>();
  const advices = new Map<string, { id: number; status: string; remarks: string }>();
  const hanging = new Set<ServerResponse>();
  let mode: FakeMode = "ok";
  let refusal = "Invalid consignee phone number";
  let counter = 0;
  let adviceIds = 0;

  const send = (res: ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const numbers = (value: unknown) =>
    String(value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);

  const handle = (method: string, body: Record<string, unknown>, res: ServerResponse) => {
    if (body.api_key !== FAKE_KEY || body.api_password !== FAKE_PASSWORD)
      return send(res, 200, { status: 0, error: "Invalid API Key or Password" });
    if (method === "getAllCities") return send(res, 200, { status: 1, error: 0, city_list: FAKE_CITIES });
    if (method === "bookPacket") {
      if (mode === "refuse") return send(res, 200, { status: 0, error: refusal });
      const trackNumber = `LE${String(7_500_000_000 + ++counter)}`;
      packets.set(trackNumber, {
        orderId: String(body.booked_packet_order_id ?? ""),
        status: "Pickup Request not Send",
        remarks: "",
        activityDate: "",
        cancelled: false,
        paid: false,
      });
      if (mode === "book-then-hang") {
        hanging.add(res);
        return;
      }
      return send(res, 200, {
        status: 1,
        error: 0,
        track_number: trackNumber,
        slip_link: `http://127.0.0.1/slip/${trackNumber}`,
      });
    }
    if (method === "getShipmentDetailsByOrderID") {
      const wanted = Array.isArray(body.shipment_order_id) ? body.shipment_order_id.map(String) : [];
      const data = [...packets.entries()]
        .filter(([, p]) => wanted.includes(p.orderId) && !p.cancelled)
        .map(([n, p]) => ({ track_number: n, booked_packet_order_id: p.orderId, booked_packet_status: p.status }));
      if (data.length === 0) return send(res, 200, { status: 0, error: "No record found" });
      return send(res, 200, { status: 1, error: "", data });
    }
    if (method === "cancelBookedPackets") {
      const errors: Record<string, string> = {};
      for (const n of numbers(body.cn_numbers)) {
        const packet = packets.get(n);
        if (!packet) errors[n] = "Invalid CN number";
        else if (packet.status !== "Pickup Request not Send") errors[n] = "Packet cannot be cancelled after pickup";
        else packet.cancelled = true;
      }
      if (Object.keys(errors).length > 0) return send(res, 200, { status: 0, error: errors });
      return send(res, 200, { status: "1", error: "null" });
    }
    if (method === "trackBookedPacket") {
      const packet_list = numbers(body.track_numbers)
        .filter((n) => packets.has(n))
        .map((n) => {
          const p = packets.get(n)!;
          return {
            track_number: n,
            booked_packet_order_id: p.orderId,
            booked_packet_status: p.cancelled ? "Cancelled" : p.status,
            activity_date: p.activityDate,
            status_remarks: p.remarks,
            "Tracking Detail": [],
          };
        });
      return send(res, 200, { status: 1, error: 0, packet_list });
    }
    if (method === "shipperAdviceList") {
      const cn = String(body.Cn_number ?? "");
      const data = [...advices.entries()]
        .filter(([n, a]) => (!cn || n === cn) && a.status === "")
        .map(([n, a]) => ({ id: a.id, cn_number: n, shipper_advice_status: a.status, status: "Pending" }));
      return send(res, 200, { status: "1", error: "0", totalrecords: data.length, data });
    }
    if (method === "updateShipperAdvice") {
      const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
      for (const d of data) {
        const advice = advices.get(String(d.cn_number));
        if (!advice || advice.id !== Number(d.id)) return send(res, 200, { status: 0, error: "Invalid advice id" });
        if (d.shipper_advice_status !== "RA" && d.shipper_advice_status !== "RT")
          return send(res, 200, { status: 0, error: "Invalid shipper advice status" });
        advice.status = String(d.shipper_advice_status);
        advice.remarks = String(d.shipper_remarks ?? "");
      }
      return send(res, 200, { status: "1", error: "0", data: "Shipper Advice Updated successfully" });
    }
    send(res, 404, { status: 0, error: "Unknown method" });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const match = /^\/api\/(\w+)\/format\/json\/?$/.exec(url.pathname);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(res, 400, { status: 0, error: "Invalid JSON" });
      }
      if (req.method === "GET") body = Object.fromEntries(url.searchParams);
      if (!match || (req.method !== "POST" && req.method !== "GET"))
        return send(res, 404, { status: 0, error: "Not found" });
      requests.push({ method: match[1], body });
      if (mode === "error") return send(res, 500, { message: "Internal Server Error" });
      if (mode === "redirect" && match[1] !== "captured") {
        res.writeHead(307, { location: "/api/captured/format/json/" });
        return res.end();
      }
      if (mode === "hang") {
        hanging.add(res);
        return;
      }
      if (match[1] === "getPaymentDetails") {
        const payment_list = numbers(body.cn_numbers)
          .filter((n) => packets.has(n))
          .map((n) => {
            const paid = packets.get(n)!.paid;
            return {
              booked_packet_cn: n,
              status: paid ? "Paid" : "Unpaid",
              message: "",
              ...(paid ? { invoice_cheque_no: `CHQ-${n}`, invoice_cheque_date: "2026-11-21" } : {}),
            };
          });
        return send(res, 200, { status: 1, error: "0", payment_list });
      }
      handle(match[1], body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    /** The requests of one method, e.g. "bookPacket". */
    calls: (method: string) => requests.filter((r) => r.method === method).map((r) => r.body),
    setMode(next: FakeMode, reason?: string) {
      mode = next;
      if (reason) refusal = reason;
    },
    /**
     * What trackBookedPacket will say about a parcel from now on, e.g. "Delivered", "Returned to
     * shipper" or "Pending" with its reason; an attempt also opens a line in the shipper-advice list.
     */
    setPacketStatus(trackNumber: string, status: string, remarks = "", activityDate = "") {
      const packet = packets.get(trackNumber);
      if (packet) Object.assign(packet, { status, remarks, activityDate });
      else packets.set(trackNumber, { orderId: "", status, remarks, activityDate, cancelled: false, paid: false });
      if (/pending|attempt/i.test(status)) advices.set(trackNumber, { id: ++adviceIds, status: "", remarks: "" });
    },
    /** The shipper advice given for a parcel ("RA" / "RT" and the remarks), if any. */
    adviceFor: (trackNumber: string) => advices.get(trackNumber),
    isCancelled: (trackNumber: string) => packets.get(trackNumber)?.cancelled ?? false,
    /** Leopards has paid the cash collected for this parcel over to the shop. */
    markPaid(trackNumber: string) {
      const packet = packets.get(trackNumber);
      if (packet) packet.paid = true;
    },
    bookedCount: () => packets.size,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LeopardsFake = Awaited<ReturnType<typeof startLeopardsFake>>;
