import type { FastifyInstance } from "fastify";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FEE_SETTING_KEYS } from "@shared/rules/fees.js";
import { settings } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertProduct } from "../../test/factory.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";
import { dbKind } from "../../test/test-db.js";

// The fees are kept between changes (the sale book), so pricing an order reads no setting; these
// tests hold that a kept fee never outlives a change.
const clock = new ManualClock(new Date("2026-11-20T10:00:00Z"));
let t: TestContext;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ clock });
  productId = (await insertProduct(t.db, { price: "2500.00" })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(settings).where(inArray(settings.key, [...FEE_SETTING_KEYS]));
  t.app.catalogueCache.invalidate();
});

const setFee = async (app: FastifyInstance, key: string, value: unknown) => {
  const res = await app.inject({
    method: "PUT",
    url: `/api/settings/${key}`,
    payload: { value },
    headers: { cookie: t.adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const deliveryFeeOn = async (app: FastifyInstance) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/checkout/quote",
    payload: { items: [{ productId, quantity: 1, size: "M", color: "Red" }], city: "Lahore" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { deliveryFee: number }).deliveryFee;
};

describe("the fees in force", () => {
  it("price the next quote with a fee just saved, and again after it is cleared", async () => {
    expect(await deliveryFeeOn(t.app)).toBe(0);
    await setFee(t.app, "delivery_fee", "250");
    expect(await deliveryFeeOn(t.app)).toBe(250);
    await setFee(t.app, "delivery_fee", null);
    expect(await deliveryFeeOn(t.app)).toBe(0);
  });

  it("heal within the catalogue cache's lifetime when a change was never announced", async () => {
    expect(await deliveryFeeOn(t.app)).toBe(0);
    // Written behind the app's back, as a lost notification from another server would leave it.
    await t.db.insert(settings).values({ key: "delivery_fee", value: "180" });
    expect(await deliveryFeeOn(t.app)).toBe(0);
    clock.advance(t.app.catalogueCache.ttlMs + 1);
    expect(await deliveryFeeOn(t.app)).toBe(180);
  });

  it.skipIf(dbKind !== "postgres")(
    "price orders on every app server with a fee saved on another, at once",
    async () => {
      const other = await startAnotherServer(t, { clock });
      try {
        expect(await deliveryFeeOn(other)).toBe(0);
        await setFee(t.app, "delivery_fee", "220");
        // The other server hears the change through LISTEN/NOTIFY; give the notification a moment.
        const until = Date.now() + 5_000;
        let fee = await deliveryFeeOn(other);
        while (fee !== 220 && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 20));
          fee = await deliveryFeeOn(other);
        }
        expect(fee).toBe(220);
      } finally {
        await other.close();
      }
    },
  );
});
