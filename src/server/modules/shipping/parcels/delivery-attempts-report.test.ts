import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectCourierFakes } from "../../../test/fakes/courier-fakes.js";
import { startLeopardsFake, type LeopardsFake } from "../../../test/fakes/leopards-fake.js";
import { startPostexFake, type PostexFake } from "../../../test/fakes/postex-fake.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../../test/factory.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { computeAnalytics } from "../../reports/analytics-service.js";
import { ANALYTICS_FROM_ORDERS } from "../../reports/raw-sources.js";

/**
 * Issue 26: the Overview's failed delivery attempts per city and courier, from the roll-up the
 * database keeps (migration 0017), equal to the same figures counted from every delivery issue.
 */
let t: TestContext;
let postex: PostexFake;
let leopards: LeopardsFake;
let productId: number;
beforeAll(async () => {
  [t, postex, leopards] = await Promise.all([createTestApp(), startPostexFake(), startLeopardsFake()]);
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "3200" })).id;
  await connectCourierFakes(t, postex, leopards);
});
afterAll(async () => {
  await t.close();
  await Promise.all([postex.close(), leopards.close()]);
});
beforeEach(() => {
  postex.setMode("ok");
  leopards.setMode("ok");
});

const asAdmin = () => ({ cookie: t.adminCookie });
const followUp = () => t.app.inject({ method: "POST", url: "/api/admin/couriers/follow-up", headers: asAdmin() });
const overview = async () => (await t.app.inject({ url: "/api/admin/analytics", headers: asAdmin() })).json();
const shipWith = async (courier: "postex" | "leopards", city: string) => {
  const id = (await placeOrder(t.app, [{ productId, quantity: 1 }], { city })).id;
  await setOrderStatus(t.db, id, "processing");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/orders/book",
    headers: asAdmin(),
    payload: { ids: [id], courier },
  });
  return { id, trackingNumber: String(res.json().results[0].trackingNumber) };
};
const sameAsCounted = async () =>
  expect(await computeAnalytics(t.db, {})).toEqual(await computeAnalytics(t.db, {}, ANALYTICS_FROM_ORDERS));

describe("GET /api/admin/analytics: failed delivery attempts", () => {
  it("counts parcels and attempts per city and courier, and how many were then delivered or returned", async () => {
    expect((await overview()).deliveryAttempts.overall).toMatchObject({ parcels: 0, attempts: 0 });
    const lahore1 = await shipWith("postex", "Lahore");
    const lahore2 = await shipWith("postex", " lahore ");
    const karachi = await shipWith("leopards", "Karachi");
    const untouched = await shipWith("postex", "Lahore");
    // Lahore 1 fails twice, then is delivered; Lahore 2 fails once and comes back; Karachi fails and is still out.
    postex.setStatus(lahore1.trackingNumber, "Delivery Under Review", "Customer not available", "2026-11-20 10:00:00");
    postex.setStatus(lahore2.trackingNumber, "Attempted", "Address not found", "2026-11-20 11:00:00");
    leopards.setPacketStatus(karachi.trackingNumber, "Pending", "Refused to receive", "2026-11-20 12:00:00");
    postex.setStatus(untouched.trackingNumber, "Out For Delivery");
    await followUp();
    postex.setStatus(lahore1.trackingNumber, "Attempted", "Customer not available", "2026-11-21 10:00:00");
    await followUp();
    postex.setStatus(lahore1.trackingNumber, "Delivered", "Delivered", "2026-11-22 10:00:00");
    postex.setStatus(lahore2.trackingNumber, "Returned", "Returned to shipper", "2026-11-22 11:00:00");
    await followUp();

    const { deliveryAttempts } = await overview();
    expect(deliveryAttempts.overall).toEqual({
      parcels: 3,
      attempts: 4,
      delivered: 1,
      returned: 1,
      onTheRoad: 1,
      deliveredRate: 33.33,
      returnedRate: 33.33,
    });
    expect(deliveryAttempts.byCity).toEqual([
      expect.objectContaining({ city: "Lahore", parcels: 2, attempts: 3, delivered: 1, returned: 1, returnedRate: 50 }),
      expect.objectContaining({ city: "Karachi", parcels: 1, attempts: 1, delivered: 0, onTheRoad: 1 }),
    ]);
    expect(deliveryAttempts.byCourier).toEqual([
      expect.objectContaining({ courier: "PostEx", parcels: 2, attempts: 3, deliveredRate: 50, returnedRate: 50 }),
      expect.objectContaining({ courier: "Leopards", parcels: 1, attempts: 1 }),
    ]);
    await sameAsCounted();
  });

  it("follows an order's city and status changed by hand, and forgets deleted orders", async () => {
    const parcel = await shipWith("postex", "Multan");
    postex.setStatus(parcel.trackingNumber, "Attempted", "Customer not available", "2026-11-23 10:00:00");
    await followUp();
    await t.db.execute(sql`update orders set city = 'Karachi' where id = ${parcel.id}::uuid`);
    await sameAsCounted();
    await setOrderStatus(t.db, parcel.id, "returned");
    await sameAsCounted();
    const cities = (await overview()).deliveryAttempts.byCity.map((c: { city: string }) => c.city);
    expect(cities).not.toContain("Multan");
    await t.db.execute(sql`delete from orders where id = ${parcel.id}::uuid`);
    await sameAsCounted();
    await t.db.execute(sql`select report_attempts_rebuild()`);
    await sameAsCounted();
  });
});
