import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Leopards Courier's merchant API (eCom Merchant APIs V2): a real HTTP server
 * on 127.0.0.1 answering the documented methods and shapes, recording every request it got.
 * Modes: "ok"; "refuse" (answers {status: 0, error}); "error" (HTTP 500); "hang" (never answers,
 * for the client's time-out); "redirect" (a 307 to its own method "captured", which records what
 * a client that followed it sent).
 */
export type FakeMode = "ok" | "refuse" | "error" | "hang" | "redirect";

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

export async function startLeopardsFake() {
  const requests: FakeRequest[] = [];
  const statuses = new Map<string, string>();
  const hanging = new Set<ServerResponse>();
  let mode: FakeMode = "ok";
  let refusal = "Invalid consignee phone number";
  let counter = 0;

  const send = (res: ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const handle = (method: string, body: Record<string, unknown>, res: ServerResponse) => {
    if (body.api_key !== FAKE_KEY || body.api_password !== FAKE_PASSWORD)
      return send(res, 200, { status: 0, error: "Invalid API Key or Password" });
    if (method === "getAllCities") return send(res, 200, { status: 1, error: 0, city_list: FAKE_CITIES });
    if (method === "bookPacket") {
      if (mode === "refuse") return send(res, 200, { status: 0, error: refusal });
      const trackNumber = `LE${String(7_500_000_000 + ++counter)}`;
      statuses.set(trackNumber, "Pickup Request not Send");
      return send(res, 200, {
        status: 1,
        error: 0,
        track_number: trackNumber,
        slip_link: `http://127.0.0.1/slip/${trackNumber}`,
      });
    }
    if (method === "trackBookedPacket") {
      const numbers = String(body.track_numbers ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const packet_list = numbers
        .filter((n) => statuses.has(n))
        .map((n) => ({ track_number: n, booked_packet_status: statuses.get(n), "Tracking Detail": [] }));
      return send(res, 200, { status: 1, error: 0, packet_list });
    }
    send(res, 404, { status: 0, error: "Unknown method" });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/api\/(\w+)\/format\/json\/?$/.exec(req.url ?? "");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return send(res, 400, { status: 0, error: "Invalid JSON" });
      }
      if (req.method !== "POST" || !match) return send(res, 404, { status: 0, error: "Not found" });
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
    /** What trackBookedPacket will say about a parcel from now on, e.g. "Delivered" or "Returned to shipper". */
    setPacketStatus(trackNumber: string, status: string) {
      statuses.set(trackNumber, status);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LeopardsFake = Awaited<ReturnType<typeof startLeopardsFake>>;
