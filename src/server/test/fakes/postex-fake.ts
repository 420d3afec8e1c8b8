import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PostEx's merchant API ("Merchant API Integration Guide" v4.1.9): a real
 * HTTP server on 127.0.0.1 under /services/integration/api/order, checking the `token` header,
 * answering `{statusCode, statusMessage, dist}` as the guide shows, and recording every request.
 * Modes: "ok"; "refuse" (HTTP 400 with statusCode "400" and a statusMessage); "error" (HTTP 500);
 * "hang" (never answers); "book-then-hang" (creates the order, then never answers).
 * The order list (GET v1/get-all-order, which public clients report takes `orderStatusId`,
 * `startDate` and `endDate` and answers flat rows) can be made to refuse or fail on its own.
 */
export type PostexFakeMode = "ok" | "refuse" | "error" | "hang" | "book-then-hang";
export type PostexListMode = "ok" | "refuse" | "error";

export const POSTEX_TOKEN = "fake-postex-token";
export const POSTEX_CITIES = [
  { operationalCityName: "Lahore", countryName: "Pakistan", isPickupCity: true, isDeliveryCity: true },
  { operationalCityName: "Karachi", countryName: "Pakistan", isPickupCity: true, isDeliveryCity: true },
  { operationalCityName: "Multan", countryName: "Pakistan", isPickupCity: false, isDeliveryCity: true },
  { operationalCityName: "Skardu", countryName: "Pakistan", isPickupCity: false, isDeliveryCity: false },
];

export interface PostexRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

interface Order {
  body: Record<string, unknown>;
  status: string;
  history: { transactionStatusMessage: string; transactionStatusMessageCode: string; modifiedDatetime: string }[];
  cancelled: boolean;
  advice: { statusId: number; remarks: string } | null;
  settled: boolean;
  /** Pakistan date and time of creation, "2026-11-26 12:00:00". */
  orderDate: string;
}

const pakistanTime = (d = new Date()) =>
  new Date(d.getTime() + 5 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

export async function startPostexFake() {
  const requests: PostexRequest[] = [];
  const orders = new Map<string, Order>();
  const hanging = new Set<ServerResponse>();
  let mode: PostexFakeMode = "ok";
  let listMode: PostexListMode = "ok";
  let refusal = "Invalid customer phone number";
  let counter = 0;

  const send = (res: ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, dist: unknown, message = "Successfully Operated") =>
    send(res, 200, { statusCode: "200", statusMessage: message, dist });
  const bad = (res: ServerResponse, message: string, code = 400) =>
    send(res, code, { statusCode: String(code), statusMessage: message, dist: null });
  const tracking = (n: string, o: Order) => ({
    trackingNumber: n,
    orderRefNumber: o.body.orderRefNumber,
    customerName: o.body.customerName,
    invoicePayment: o.body.invoicePayment,
    cityName: o.body.cityName,
    transactionStatus: o.cancelled ? "Un-Assigned By Me" : o.status,
    transactionStatusHistory: o.history,
  });

  const handle = (r: PostexRequest, res: ServerResponse) => {
    if (r.headers.token !== POSTEX_TOKEN) return bad(res, "Invalid token", 401);
    const path = r.path;
    if (r.method === "GET" && path === "v2/get-operational-city") return ok(res, POSTEX_CITIES);
    if (r.method === "POST" && path === "v3/create-order") {
      if (mode === "refuse") return bad(res, refusal);
      for (const field of [
        "cityName",
        "customerName",
        "customerPhone",
        "deliveryAddress",
        "invoicePayment",
        "orderRefNumber",
        "orderType",
        "pickupAddressCode",
      ])
        if (r.body[field] === undefined || r.body[field] === "") return bad(res, `${field} is required`);
      if (!/^03\d{9}$/.test(String(r.body.customerPhone))) return bad(res, "Customer phone must be 03xxxxxxxxx");
      const trackingNumber = `CX${String(900_000_000 + ++counter)}`;
      const orderDate = pakistanTime();
      orders.set(trackingNumber, {
        body: r.body,
        status: "Unbooked",
        history: [],
        cancelled: false,
        advice: null,
        settled: false,
        orderDate,
      });
      if (mode === "book-then-hang") {
        hanging.add(res);
        return;
      }
      return ok(res, { trackingNumber, orderStatus: "Unbooked", orderDate }, "Order Created Successfully");
    }
    const single = /^v1\/track-order\/([A-Za-z0-9-]+)$/.exec(path);
    if (r.method === "GET" && single) {
      const o = orders.get(single[1]);
      return o ? ok(res, tracking(single[1], o)) : bad(res, "Tracking number not found");
    }
    if (r.method === "GET" && path === "v1/track-bulk-order") {
      const numbers = (r.query.TrackingNumbers ?? "").split(",").filter(Boolean);
      if (numbers.length === 0) return bad(res, "Required List parameter 'TrackingNumbers' is not present");
      return ok(
        res,
        numbers.map((n) => {
          const o = orders.get(n);
          return o
            ? { trackingNumber: n, trackingResponse: tracking(n, o), message: "Success" }
            : { trackingNumber: n, trackingResponse: null, message: "Tracking number not found" };
        }),
      );
    }
    if (r.method === "PUT" && path === "v1/cancel-order") {
      const o = orders.get(String(r.body.trackingNumber ?? ""));
      if (!o) return bad(res, "Tracking number not found");
      if (!["Unbooked", "Booked"].includes(o.status)) return bad(res, "Order can not be cancelled at this stage");
      o.cancelled = true;
      return ok(res, null, "Order Cancelled Successfully");
    }
    if (r.method === "PUT" && path === "v2/save-shipper-advice") {
      const o = orders.get(String(r.body.trackingNumber ?? ""));
      if (!o) return bad(res, "Tracking number not found");
      if (![1, 2].includes(Number(r.body.statusId))) return bad(res, "Invalid statusId");
      if (!["Delivery Under Review", "Attempted"].includes(o.status)) return bad(res, "Order is not under review");
      o.advice = { statusId: Number(r.body.statusId), remarks: String(r.body.remarks ?? "") };
      return ok(res, null, "Shipper Advice Saved Successfully");
    }
    if (r.method === "GET" && path === "v1/get-all-order") {
      if (listMode === "error") return send(res, 500, { message: "Internal Server Error" });
      if (listMode === "refuse") return bad(res, "Service not available for this merchant");
      for (const name of ["orderStatusId", "startDate", "endDate"])
        if (!r.query[name])
          return send(res, 400, {
            status: 400,
            error: "Bad Request",
            trace: `MissingServletRequestParameterException: Required String parameter '${name}' is not present`,
          });
      const day = (o: Order) => o.orderDate.slice(0, 10);
      return ok(
        res,
        [...orders.entries()]
          .filter(([, o]) => day(o) >= r.query.startDate && day(o) <= r.query.endDate)
          .map(([n, o]) => ({ ...tracking(n, o), transactionDate: o.orderDate })),
      );
    }
    const payment = /^v1\/payment-status\/([A-Za-z0-9-]+)$/.exec(path);
    if (r.method === "GET" && payment) {
      const o = orders.get(payment[1]);
      if (!o) return bad(res, "RECORD NOT FOUND", 404);
      // Only the keys with values, as PostEx answers.
      return ok(res, {
        orderRefNumber: o.body.orderRefNumber,
        trackingNumber: payment[1],
        settle: o.settled,
        ...(o.settled
          ? { settlementDate: "2026-11-20", upfrontPaymentDate: "2026-11-20", cprNumber_1: `CPR-${payment[1]}` }
          : {}),
      });
    }
    bad(res, "Not found", 404);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const prefix = "/services/integration/api/order/";
      if (!url.pathname.startsWith(prefix)) return bad(res, "Not found", 404);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return bad(res, "Invalid JSON");
      }
      const r: PostexRequest = {
        method: req.method ?? "GET",
        path: url.pathname.slice(prefix.length),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(r);
      if (mode === "error") return send(res, 500, { message: "Internal Server Error" });
      if (mode === "hang") {
        hanging.add(res);
        return;
      }
      handle(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/services/integration/api/order`,
    requests,
    /** The requests to one path, e.g. "v3/create-order" (the bodies, or the query for a GET). */
    calls: (path: string) => requests.filter((r) => r.path === path || r.path.startsWith(`${path}/`)),
    setMode(next: PostexFakeMode, reason?: string) {
      mode = next;
      if (reason) refusal = reason;
      if (next === "ok") listMode = "ok";
    },
    /** How the order list (get-all-order) answers, apart from the rest. */
    setListMode(next: PostexListMode) {
      listMode = next;
    },
    /** What tracking says from now on, e.g. "Delivered" or "Delivery Under Review" with its reason. */
    setStatus(trackingNumber: string, status: string, message = status, at = "2026-11-26 15:00:00") {
      const o = orders.get(trackingNumber);
      if (!o) throw new Error(`The PostEx fake has no order ${trackingNumber}`);
      o.status = status;
      o.history.push({ transactionStatusMessage: message, transactionStatusMessageCode: "0000", modifiedDatetime: at });
    },
    /** An order PostEx already has (for the benchmark's thousands of parcels booked elsewhere). */
    seed(trackingNumber: string, status = "PostEx WareHouse") {
      orders.set(trackingNumber, {
        body: {},
        status,
        history: [],
        cancelled: false,
        advice: null,
        settled: false,
        orderDate: pakistanTime(),
      });
    },
    adviceFor: (trackingNumber: string) => orders.get(trackingNumber)?.advice ?? null,
    isCancelled: (trackingNumber: string) => orders.get(trackingNumber)?.cancelled ?? false,
    settle: (trackingNumber: string) => {
      const o = orders.get(trackingNumber);
      if (o) o.settled = true;
    },
    orderCount: () => orders.size,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PostexFake = Awaited<ReturnType<typeof startPostexFake>>;
