import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { AppError } from "../lib/app-error.js";
import { insertProduct } from "../test/factory.js";
import { testStorefront } from "../test/storefront.js";
import { createTestDatabase } from "../test/test-db.js";
import { OVERLOAD_MESSAGE, type OverloadConfig } from "./overload.js";

// The storefront's pages on a server near its request limit. The page request holds a place; the
// renderer's own API reads (the real renderer, test/storefront.ts) are part of it.
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The real app with the storefront and the given overload limits; `prepare` adds test hooks and routes. */
async function storefront(overload: OverloadConfig, prepare?: (app: FastifyInstance) => void) {
  const { clientDir, remove } = await testStorefront();
  const database = await createTestDatabase();
  const app = await buildApp(database, { sessionTtlHours: 1, clientDir, overload });
  prepare?.(app);
  await app.ready();
  cleanup = async () => {
    await app.close();
    await database.drop();
    remove();
  };
  return { app, product: await insertProduct(database.db) };
}

describe("GET /products/:handle near the request limit", () => {
  it("renders an existing product: the page's own reads take no place of their own", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { app, product } = await storefront({ maxRequestsInFlight: 2, maxEventLoopDelayMs: 0 }, (app) =>
      app.get("/api/test-held", { config: { access: "public" } }, async () => {
        await gate;
        return { ok: true };
      }),
    );
    // One place of two is taken: the page request takes the other, and nothing is left over.
    const held = app.inject({ url: "/api/test-held" });
    await expect.poll(() => app.load.inFlight()).toBe(1);

    const page = await app.inject({ url: `/products/${product.handle}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${product.name} |`);
    expect(page.body).not.toContain("noindex");
    open();
    await held;
  });

  it("answers 503 with Retry-After, never 404, when a read is refused all the same", async () => {
    // Refused as the guard refuses a request while the event loop lags (a state no test can
    // bring about on cue): the same error, after the page request itself was admitted.
    const { app, product } = await storefront({ maxRequestsInFlight: 2, maxEventLoopDelayMs: 0 }, (app) =>
      app.addHook("onRequest", async (request) => {
        if (request.url.startsWith("/api/products/"))
          throw new AppError("UNAVAILABLE", OVERLOAD_MESSAGE, undefined, { "Retry-After": "3" });
      }),
    );
    const page = await app.inject({ url: `/products/${product.handle}` });
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("3");
    expect(page.json()).toEqual({ error: OVERLOAD_MESSAGE });
  });
});
