import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { ManualClock } from "../../jobs/clock.js";
import { connectCourierFakes } from "../../test/fakes/courier-fakes.js";
import { startLeopardsFake, type LeopardsFake } from "../../test/fakes/leopards-fake.js";
import { startPostexFake, type PostexFake } from "../../test/fakes/postex-fake.js";
import { insertProduct, multipart, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { PULL_EVERY_MS } from "./remittances-routes.js";

/** Issue 27: what the couriers' payment calls say, pulled by a job and on demand, against their fakes. */
let t: TestContext;
let postex: PostexFake;
let leopards: LeopardsFake;
let productId: number;
const clock = new ManualClock();
beforeAll(async () => {
  [t, postex, leopards] = await Promise.all([createTestApp({ clock }), startPostexFake(), startLeopardsFake()]);
  productId = (await insertProduct(t.db, { name: "Khaddar Shawl", price: "2800" })).id;
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

const asOwner = () => ({ cookie: t.adminCookie });
/** An order booked with the courier through its API and then delivered. */
async function deliveredParcel(courier: "postex" | "leopards") {
  const order = await placeOrder(t.app, [{ productId, quantity: 1 }]);
  await setOrderStatus(t.db, order.id, "processing");
  const booked = await t.app.inject({
    method: "POST",
    url: "/api/admin/orders/book",
    headers: asOwner(),
    payload: { ids: [order.id], courier },
  });
  const [{ trackingNumber }] = booked.json().results;
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/orders/${order.id}`,
    headers: asOwner(),
    payload: { status: "delivered" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: order.id, trackingNumber: trackingNumber as string, cod: Number(order.codAmount) };
}
const pull = () => t.app.inject({ method: "POST", url: "/api/admin/remittances/pull", headers: asOwner() });
const figures = async (courier: string) =>
  (await t.app.inject({ url: `/api/admin/remittances?courier=${courier}`, headers: asOwner() })).json();

describe("POST /api/admin/remittances/pull", () => {
  it("records what PostEx and Leopards say they paid, once, and a later sheet with the same reference adds its charges", async () => {
    const p = await deliveredParcel("postex");
    const l = await deliveredParcel("leopards");
    const first = await pull();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ paid: 0 });
    expect((await figures("PostEx")).couriers[0]).toMatchObject({ expected: p.cod, received: 0, outstanding: p.cod });

    postex.settle(p.trackingNumber);
    leopards.markPaid(l.trackingNumber);
    expect((await pull()).json()).toMatchObject({ paid: 2 });
    expect(postex.calls("v1/payment-status").at(-1)!.path).toBe(`v1/payment-status/${p.trackingNumber}`);
    expect((await figures("PostEx")).couriers[0]).toMatchObject({ received: p.cod, outstanding: 0 });
    expect((await figures("Leopards")).couriers[0]).toMatchObject({ received: l.cod, outstanding: 0 });
    const [{ reference }] = await queryRows<{ reference: string }>(
      t.db,
      sql`select reference from remittance_payments where tracking_number = ${p.trackingNumber}`,
    );
    expect(reference).toBe(`CPR-${p.trackingNumber}`);
    // Paid parcels are not asked about again.
    expect((await pull()).json()).toMatchObject({ paid: 0 });

    // PostEx's settlement sheet for the same payment replaces the API's figures with its own.
    const csv = `Tracking,Net,Charges,WHT,CPR\n${p.trackingNumber},${p.cod - 300},250,50,CPR-${p.trackingNumber}\n`;
    const form = await multipart(
      {
        courier: "PostEx",
        mapping: JSON.stringify({
          trackingNumber: "Tracking",
          amount: "Net",
          charges: "Charges",
          tax: "WHT",
          reference: "CPR",
        }),
      },
      [{ field: "file", filename: "postex.csv", bytes: Buffer.from(csv) }],
    );
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/admin/remittances/import",
      headers: { ...form.headers, ...asOwner() },
      payload: form.payload,
    });
    expect(imported.json()).toEqual({ rows: 1, matched: 1, unmatched: 0, duplicates: 0 });
    const view = await figures("PostEx");
    expect(view.couriers[0]).toMatchObject({ received: p.cod - 300, charges: 250, tax: 50, outstanding: 0 });
    expect(view.flags.filter((f: { trackingNumber: string }) => f.trackingNumber === p.trackingNumber)).toEqual([]);
  });

  it("answers 503 while a courier is down, and the recurring job records the payment once it is back", async () => {
    const p = await deliveredParcel("postex");
    postex.settle(p.trackingNumber);
    postex.setMode("error");
    const down = await pull();
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatch(/ask again in a few minutes$/);
    await t.app.jobs.runDue();
    const paid = async () =>
      (
        await queryRows<{ n: string }>(
          t.db,
          sql`select count(*) as n from remittance_payments where tracking_number = ${p.trackingNumber}`,
        )
      )[0].n;
    expect(Number(await paid())).toBe(0);
    postex.setMode("ok");
    clock.advance(PULL_EVERY_MS);
    await t.app.jobs.runDue();
    expect(Number(await paid())).toBe(1);
  });
});
