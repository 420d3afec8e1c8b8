import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotes, orders, orderStock } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import {
  checkoutPayload,
  insertCategory,
  insertOrder,
  insertProduct,
  mobileNumber,
  placeOrder,
  postOrder,
  stockLeft,
  takeOrderByHand,
  trackStock,
} from "../../test/factory.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { buttonReply, postWebhook } from "../../test/fakes/whatsapp-webhooks.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { buttonPayload } from "../whatsapp/webhook/button-payload.js";
import { RELEASE_EVERY_MS, releaseExpiredStock, RELEASE_NOTE } from "./stock-expiry.js";

// An unconfirmed web order gives its units back when its confirmation expires
// (CONFIRM_EXPIRY_HOURS, 48 by default), whatever AUTO_CANCEL_UNCONFIRMED says, with WhatsApp on
// or off (decision 012). Time is a clock the tests move; the release is a job in the database.
const hours = (n: number) => n * 60 * 60_000;
const fake = new FakeCloudApi();
const offClock = new ManualClock();
const onClock = new ManualClock();
let off: TestContext; // WhatsApp not configured
let on: TestContext; // WhatsApp on, AUTO_CANCEL_UNCONFIRMED off
beforeAll(async () => {
  await fake.start();
  off = await createTestApp({ clock: offClock });
  on = await createTestApp({
    clock: onClock,
    whatsapp: testWhatsappConfig(fake.url, { autoCancel: false, requestTimeoutMs: 10_000 }),
  });
  for (const t of [off, on]) await insertCategory(t.db, "casual");
});
afterAll(async () => {
  await off.close();
  await on.close();
  await fake.stop();
});

// Jobs due together run at once, and the release skips an order another writer holds right then
// (the expiry sweep marking it expired): its next pass, five minutes on, takes it.
const expireOn = async () => {
  onClock.advance(hours(49));
  await on.app.jobs.runDue();
  onClock.advance(RELEASE_EVERY_MS);
  await on.app.jobs.runDue();
};

let seq = 0;
const phone = () => mobileNumber(++seq, "0315");
const read = async (t: TestContext, id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const stocked = async (t: TestContext, quantity: number, sizes = ["M"]) => {
  const p = await insertProduct(t.db, { sizes, colors: ["Red"] });
  await trackStock(
    t.db,
    p,
    sizes.map((size) => ({ size, color: "Red", quantity })),
  );
  return p;
};
const setStatus = (t: TestContext, id: string, status: string) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload: { status }, headers: { cookie: t.adminCookie } });
const takeByHand = (t: TestContext, productId: number, quantity: number) =>
  takeOrderByHand(t.app, t.adminCookie, { productId, quantity }, phone());

describe("the stock release at expiry, WhatsApp off", () => {
  it("gives an unconfirmed order's units back after CONFIRM_EXPIRY_HOURS, once, and leaves it to an agent", async () => {
    const p = await stocked(off, 10);
    const order = await placeOrder(off.app, [{ productId: p.id, quantity: 4 }], { customerPhone: phone() });
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(6);
    offClock.advance(hours(47));
    await off.app.jobs.runDue();
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(6);

    offClock.advance(hours(2));
    await off.app.jobs.runDue();
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(10);
    expect(await read(off, order.id)).toMatchObject({ status: "pending", stockReleasedAt: expect.any(String) });
    const notes = await off.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(notes.map((n) => n.text)).toEqual([RELEASE_NOTE]);

    offClock.advance(hours(1));
    await off.app.jobs.runDue();
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(10);
    // Cancelling it later gives nothing back a second time.
    expect((await setStatus(off, order.id, "cancelled")).statusCode).toBe(200);
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(10);
  });

  it("takes the units again when an agent moves such an order on, and refuses naming what is gone", async () => {
    const p = await stocked(off, 18);
    const kept = await placeOrder(off.app, [{ productId: p.id, quantity: 4 }], { customerPhone: phone() });
    const late = await placeOrder(off.app, [{ productId: p.id, quantity: 5 }], { customerPhone: phone() });
    offClock.advance(hours(49));
    await off.app.jobs.runDue();
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(18);

    expect((await setStatus(off, kept.id, "processing")).statusCode).toBe(200);
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(14);
    expect((await takeByHand(off, p.id, 13)).statusCode).toBe(201);

    const refused = await setStatus(off, late.id, "processing");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(
      `Not enough stock is left for this order: ${p.name} (M / Red): 1 left, 5 needed`,
    );
    expect(await read(off, late.id)).toMatchObject({ status: "pending" });
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(1);
  });

  it("keeps what staff took by hand and what a confirmed order holds", async () => {
    const p = await stocked(off, 10);
    expect((await takeByHand(off, p.id, 3)).statusCode).toBe(201);
    const confirmed = await placeOrder(off.app, [{ productId: p.id, quantity: 2 }], { customerPhone: phone() });
    await off.db.update(orders).set({ confirmationState: "confirmed" }).where(eq(orders.id, confirmed.id));
    offClock.advance(hours(49));
    await off.app.jobs.runDue();
    expect(await stockLeft(off.db, p.id, "M", "Red")).toBe(5);
  });

  it("sets no scarce units aside for a high-risk order held for an agent, and takes them when the agent moves it", async () => {
    const scarce = await stocked(off, 6);
    const ample = await stocked(off, 100);
    const risky = phone();
    // Two earlier orders of this phone came back: any new one is high risk.
    for (let i = 0; i < 2; i++)
      await insertOrder(off.db, {
        phone: risky,
        status: "returned",
        items: [{ product: ample, quantity: 1, price: 10 }],
      });
    const res = await postOrder(
      off.app,
      checkoutPayload(
        [
          { productId: scarce.id, quantity: 3 },
          { productId: ample.id, quantity: 2 },
        ],
        {
          customerPhone: risky,
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect((await read(off, id)).riskLevel).toBe("high");
    // 6 - 3 would leave 3, within "Only N left": scarce, so not set aside. 98 left is not scarce.
    expect(await stockLeft(off.db, scarce.id, "M", "Red")).toBe(6);
    expect(await stockLeft(off.db, ample.id, "M", "Red")).toBe(98);
    const held = await off.db.select().from(orderStock).where(eq(orderStock.orderId, id));
    expect(held.map((h) => [h.productId, h.quantity, h.held]).sort()).toEqual(
      [
        [scarce.id, 3, false],
        [ample.id, 2, true],
      ].sort(),
    );

    expect((await setStatus(off, id, "processing")).statusCode).toBe(200);
    expect(await stockLeft(off.db, scarce.id, "M", "Red")).toBe(3);
    expect(await stockLeft(off.db, ample.id, "M", "Red")).toBe(98);
    expect((await setStatus(off, id, "cancelled")).statusCode).toBe(200);
    expect(await stockLeft(off.db, scarce.id, "M", "Red")).toBe(6);
    expect(await stockLeft(off.db, ample.id, "M", "Red")).toBe(100);
  });

  it("gives each unit back once when the release runs while agents cancel the same orders", async () => {
    const p = await stocked(off, 40, ["S", "M", "L"]);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(
        (
          await placeOrder(
            off.app,
            [
              { productId: p.id, size: ["S", "M", "L"][i % 3], quantity: 2 },
              { productId: p.id, size: ["S", "M", "L"][(i + 1) % 3], quantity: 1 },
            ],
            { customerPhone: phone() },
          )
        ).id,
      );
    offClock.advance(hours(49));
    await Promise.all([
      releaseExpiredStock(off.app),
      ...ids.filter((_, i) => i % 2 === 0).map((id) => setStatus(off, id, "cancelled")),
      releaseExpiredStock(off.app),
    ]);
    for (const size of ["S", "M", "L"]) expect(await stockLeft(off.db, p.id, size, "Red")).toBe(40);
  });
});

describe("the stock release at expiry, WhatsApp on and AUTO_CANCEL_UNCONFIRMED off", () => {
  const confirm = (id: string, from: string) =>
    postWebhook(on.app, "test-app-secret", buttonReply(from, buttonPayload("test-app-secret", "confirm", id)));

  it("gives the units back when the confirmation expires; a late Confirm takes them again", async () => {
    const p = await stocked(on, 6);
    const me = phone();
    const order = await placeOrder(on.app, [{ productId: p.id, quantity: 3 }], { customerPhone: me });
    await on.app.jobs.runDue();
    expect((await read(on, order.id)).confirmationState).toBe("sent");
    await expireOn();
    expect(await read(on, order.id)).toMatchObject({ status: "pending", confirmationState: "expired" });
    expect(await stockLeft(on.db, p.id, "M", "Red")).toBe(6);

    expect((await confirm(order.id, `92${me.slice(1)}`)).statusCode).toBe(200);
    expect(await read(on, order.id)).toMatchObject({ status: "processing", confirmationState: "confirmed" });
    expect(await stockLeft(on.db, p.id, "M", "Red")).toBe(3);
  });

  it("keeps a late Confirm pending for an agent when the units are gone meanwhile", async () => {
    const p = await stocked(on, 6);
    const me = phone();
    const order = await placeOrder(on.app, [{ productId: p.id, quantity: 3 }], { customerPhone: me });
    await on.app.jobs.runDue();
    await expireOn();
    expect(await stockLeft(on.db, p.id, "M", "Red")).toBe(6);
    expect((await takeByHand(on, p.id, 5)).statusCode).toBe(201);

    expect((await confirm(order.id, `92${me.slice(1)}`)).statusCode).toBe(200);
    expect(await read(on, order.id)).toMatchObject({ status: "pending", confirmationState: "confirmed" });
    expect(await stockLeft(on.db, p.id, "M", "Red")).toBe(1);
    await on.app.jobs.runDue();
    const reply = fake.received.at(-1)!;
    expect(reply.body).toMatchObject({ type: "text", text: { body: expect.stringMatching(/team will call you/) } });
  });
});
