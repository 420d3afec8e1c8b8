import type { FastifyInstance } from "fastify";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { createTestDatabase } from "../test/test-db.js";

/**
 * Clients that send their headers and a Content-Length and then nothing, over real sockets on
 * loopback: a handful of them, each cut off by the server within a few seconds.
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function listeningApp(): Promise<{ app: FastifyInstance; port: number }> {
  const database = await createTestDatabase();
  const app = await buildApp(database, {
    sessionTtlHours: 1,
    overload: { maxRequestsInFlight: 4, maxEventLoopDelayMs: 0 },
    timeouts: { connectionTimeoutMs: 1500, requestTimeoutMs: 3000 },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  cleanup = async () => {
    await app.close();
    await database.drop();
  };
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Opens a socket, sends a POST's headers announcing a body, and never sends the body. */
function stalledUpload(port: number): Promise<{ socket: net.Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"cust`,
      );
      resolve({ socket, closed: new Promise((done) => socket.once("close", () => done(Date.now() - opened))) });
    });
    socket.on("error", () => {}); // the server hanging up on it is the point
    socket.once("error", reject);
  });
}

const get = (port: number, path: string) =>
  fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(5_000) });

describe("clients that stall while sending a body", () => {
  it("take no place among the requests in flight, show in /api/health, and are cut off by the connection time-out", async () => {
    const { port } = await listeningApp();
    const stalled = await Promise.all(Array.from({ length: 8 }, () => stalledUpload(port)));
    await new Promise((r) => setTimeout(r, 200)); // the server has read every header

    const products = await get(port, "/api/products");
    expect(products.status).toBe(200);
    const health = await get(port, "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", requestsInFlight: 0, requestsReceivingBody: 8 });

    const lifetimes = await Promise.race([
      Promise.all(stalled.map((s) => s.closed)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("stalled sockets stayed open")), 6_000)),
    ]);
    for (const ms of lifetimes) expect(ms).toBeLessThan(5_000);
    const after = await (await get(port, "/api/health")).json();
    expect(after).toMatchObject({ status: "ok", requestsReceivingBody: 0 });
  });
});
