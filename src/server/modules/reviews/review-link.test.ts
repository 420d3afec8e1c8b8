import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusEvents } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertProduct, multipart, placeOrder } from "../../test/factory.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { CANNOT_REVIEW } from "./review-service.js";

const fake = new FakeCloudApi();
const clock = new ManualClock();
let t: TestContext;
let productId: number;
const NAME = "Noor Aslam";

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ whatsapp: testWhatsappConfig(fake.url, { publicUrl: "https://shop.example.pk" }), clock });
  productId = (await insertProduct(t.db, { name: "Lawn Suit" })).id;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

let phoneSeq = 0;
/** A delivered order and the review link WhatsApp sent for it a day later. */
async function deliveredWithLink() {
  const phone = `0345 ${String(7_000_000 + ++phoneSeq)}`;
  const { id } = await placeOrder(t.app, [{ productId }], { customerPhone: phone, customerName: NAME });
  await t.app.inject({
    method: "PATCH",
    url: `/api/orders/${id}`,
    payload: { status: "delivered" },
    headers: { cookie: t.adminCookie },
  });
  await t.db
    .update(orderStatusEvents)
    .set({ createdAt: clock.now().toISOString() })
    .where(eq(orderStatusEvents.orderId, id));
  const before = fake.received.length;
  for (let i = 0; i < 3; i++) {
    clock.advance(13 * 60 * 60_000);
    await t.app.jobs.runDue();
  }
  const review = fake.received.slice(before).find((m) => m.body.template?.name === "order_review");
  const link = JSON.stringify(review?.body).match(
    /https:\/\/shop\.example\.pk\/products\/[a-z0-9-]+\?review=[\w.-]+/,
  )?.[0];
  expect(link).toBeDefined();
  return { id, phone, token: new URL(link!).searchParams.get("review")! };
}

const submit = async (reviewData: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/reviews",
    ...(await multipart({ reviewData: JSON.stringify(reviewData) })),
  });

describe("the WhatsApp review link", () => {
  it("proves the order in place of its number: the dialog asks only for name and phone", async () => {
    const { id, phone, token } = await deliveredWithLink();
    const check = await t.app.inject({
      method: "POST",
      url: "/api/reviews/validate",
      payload: { customerName: NAME, customerPhone: phone, reviewToken: token },
    });
    expect(check.json().unreviewedOrders.map((o: { orderId: string }) => o.orderId)).toEqual([id]);
    const res = await submit({
      productId,
      orderId: id,
      customerName: NAME,
      customerPhone: phone,
      rating: 5,
      reviewToken: token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customerName).toBe(NAME);
  });

  it("refuses an altered token and another order's token with the one refusal", async () => {
    const mine = await deliveredWithLink();
    const other = await deliveredWithLink();
    const data = { productId, orderId: mine.id, customerName: NAME, customerPhone: mine.phone, rating: 4 };
    const altered = `${mine.token.slice(0, -2)}${mine.token.endsWith("AA") ? "BB" : "AA"}`;
    for (const reviewToken of [altered, other.token, `${mine.id}.made-up-signature-xxxxxx`]) {
      const res = await submit({ ...data, reviewToken });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CANNOT_REVIEW });
    }
  });
});
