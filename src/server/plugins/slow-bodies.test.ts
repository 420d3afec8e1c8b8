import type { FastifyInstance } from "fastify";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type AppConfig } from "../app.js";
import { ManualClock } from "../jobs/clock.js";
import { makeImage, multipart } from "../test/factory.js";
import { createTestDatabase } from "../test/test-db.js";
import { BODY_TOO_SLOW_MESSAGE, OVERLOAD_MESSAGE } from "./overload.js";

/**
 * Clients that send their headers and a Content-Length and then nothing (or a byte now and
 * then), over real sockets on loopback: JSON bodies and uploads (review and return photos).
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The real app listening on loopback with four places; `prepare` adds test routes before it listens. */
async function listeningApp(
  config: Partial<AppConfig> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; port: number }> {
  const database = await createTestDatabase();
  const app = await buildApp(database, {
    sessionTtlHours: 1,
    overload: { maxRequestsInFlight: 4, maxEventLoopDelayMs: 0 },
    timeouts: { connectionTimeoutMs: 1500, requestTimeoutMs: 3000 },
    ...config,
  });
  prepare?.(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  cleanup = async () => {
    await app.close();
    await database.drop();
  };
  return { app, port: (app.server.address() as AddressInfo).port };
}

interface OpenPost {
  socket: net.Socket;
  /** What the server has answered so far ("" while it has not). */
  answer(): string;
  /** When the server hung up: how long the socket lived, and everything it was sent. */
  closed: Promise<{ ms: number; received: string }>;
}

/** Opens a socket and sends a POST's headers announcing `length` bytes of body, and `first` of them. */
function startPost(port: number, url: string, contentType: string, length: number, first: Buffer): Promise<OpenPost> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      socket.write(first);
      resolve({
        socket,
        answer: () => received,
        closed: new Promise((done) => socket.once("close", () => done({ ms: Date.now() - opened, received }))),
      });
    });
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", () => {}); // the server hanging up on it is the point
    socket.once("error", reject);
  });
}

const stalledJson = (port: number) => startPost(port, "/api/orders", "application/json", 1000, Buffer.from('{"cust'));

/** A review or return form with one photo, of which only the start is sent: then the client stalls. */
async function stalledUpload(port: number, url: "/api/reviews" | "/api/returns"): Promise<OpenPost> {
  const field = url === "/api/reviews" ? "reviewData" : "returnData";
  const body = await multipart({ [field]: JSON.stringify({ customerName: "Sana Mir" }) }, [
    {
      field: url === "/api/reviews" ? "images" : "photos",
      filename: "a.png",
      type: "image/png",
      bytes: Buffer.alloc(200_000, 7),
    },
  ]);
  // Into the form's data field, before its first file (the form's checks have not run yet).
  const sent = body.payload.indexOf(Buffer.from("Sana"));
  return startPost(port, url, body.headers["content-type"], body.payload.length, body.payload.subarray(0, sent));
}

const get = (port: number, path: string) =>
  fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(5_000) });

const health = async (port: number) => (await get(port, "/api/health")).json();

/** Requests the server has read the headers of: in flight, receiving their body, or already answered. */
const seenByServer = async (port: number, posts: OpenPost[]) => {
  const { requestsInFlight, requestsReceivingBody } = await health(port);
  return requestsInFlight + requestsReceivingBody + posts.filter((p) => p.answer() !== "").length;
};

/** Every socket is closed by the server within `ms` (a failing test ends instead of hanging). */
const allClosed = (posts: OpenPost[], ms: number) =>
  Promise.race([
    Promise.all(posts.map((p) => p.closed)),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("stalled sockets stayed open")), ms)),
  ]);

describe("clients that stall while sending a body", () => {
  it("take no place among the requests in flight, show in /api/health, and are cut off by the connection time-out", async () => {
    const { port } = await listeningApp();
    const stalled = await Promise.all(Array.from({ length: 8 }, () => stalledJson(port)));
    await expect.poll(async () => (await health(port)).requestsReceivingBody).toBe(8);

    const products = await get(port, "/api/products");
    expect(products.status).toBe(200);
    const during = await get(port, "/api/health");
    expect(during.status).toBe(200);
    expect(await during.json()).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 8 });

    for (const { ms } of await allClosed(stalled, 6_000)) expect(ms).toBeLessThan(5_000);
    expect(await health(port)).toMatchObject({ status: "ok", requestsReceivingBody: 0 });
  });
});

describe("uploads (review and return photos) that stall or trickle", () => {
  it("take no place among the requests in flight while they arrive: everyone else is served and health stays ok", async () => {
    const { port } = await listeningApp();
    const stalled = await Promise.all([
      ...Array.from({ length: 4 }, () => stalledUpload(port, "/api/reviews")),
      ...Array.from({ length: 4 }, () => stalledUpload(port, "/api/returns")),
    ]);
    await expect.poll(() => seenByServer(port, stalled)).toBe(8);

    const products = await get(port, "/api/products");
    expect(products.status).toBe(200);
    const during = await get(port, "/api/health");
    expect(during.status).toBe(200);
    expect(await during.json()).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 8 });

    await allClosed(stalled, 6_000);
    expect(await health(port)).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 0 });
  });

  it("are cut off once they trickle in slower than the floor: an upload with a 408 it can read, a JSON body by closing", async () => {
    const clock = new ManualClock();
    const { port } = await listeningApp({
      clock,
      overload: { maxRequestsInFlight: 4, maxEventLoopDelayMs: 0, minBodyBytesPerSecond: 1024, bodyGraceMs: 10_000 },
      // Long enough that only the floor can end these bodies within the test.
      timeouts: { connectionTimeoutMs: 60_000, requestTimeoutMs: 120_000 },
    });
    const upload = await stalledUpload(port, "/api/reviews");
    const json = await stalledJson(port);
    await expect.poll(() => seenByServer(port, [upload, json])).toBe(2);

    // A byte every twenty seconds never leaves the connection idle; its pace is a few bytes a second.
    for (let i = 0; i < 3; i++) {
      clock.advance(20_000);
      upload.socket.write("S");
      json.socket.write(" ");
    }
    const [uploadEnd, jsonEnd] = await allClosed([upload, json], 10_000);
    expect(uploadEnd.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(uploadEnd.received).toMatch(/\r\nconnection: close\r\n/i);
    const body = uploadEnd.received.slice(uploadEnd.received.indexOf("\r\n\r\n") + 4);
    expect(JSON.parse(body)).toEqual({ error: BODY_TOO_SLOW_MESSAGE });
    // Fastify's own parser reads a JSON body: there is no one to answer it, so it is dropped.
    expect(jsonEnd.received).toBe("");
    expect(await health(port)).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 0 });
  });

  it("take their place once the form has arrived, and are answered 503 with Retry-After when none is free", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { app, port } = await listeningApp({}, (app) =>
      app.get("/api/test-held", { config: { access: "public" } }, async () => {
        await gate;
        return { ok: true };
      }),
    );
    const form = await multipart(
      {
        reviewData: JSON.stringify({
          productId: 1,
          orderId: crypto.randomUUID(),
          orderNumber: "3F9A1C2B",
          customerName: "Sana Mir",
          customerPhone: "03001234567",
          rating: 5,
          reviewText: "",
        }),
      },
      [{ field: "images", filename: "a.png", type: "image/png", bytes: await makeImage() }],
    );
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/reviews`, {
        method: "POST",
        headers: form.headers,
        body: form.payload,
        signal: AbortSignal.timeout(5_000),
      });

    const held = Array.from({ length: 4 }, () => app.inject({ url: "/api/test-held" }));
    await expect.poll(async () => (await health(port)).requestsInFlight).toBe(4);
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toEqual({ error: OVERLOAD_MESSAGE });

    open();
    await Promise.all(held);
    // The form is read and checked as usual: nobody bought anything under this name and phone.
    const answered = await send();
    expect(answered.status).toBe(403);
    expect(await health(port)).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 0 });
  });
});
