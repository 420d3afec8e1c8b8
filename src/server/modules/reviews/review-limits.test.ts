import { orderNumber } from "@shared/rules/labels.js";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, makeImage, multipart, placeOrder, setOrderStatus } from "../../test/factory.js";
import { sendPartly } from "../../test/partial-request.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/** The review form's limits, over a real socket where the order of reading matters. */
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const NAME = "Sana Mir";
let phoneSeq = 0;
const newPhone = () => `0345${String(2000000 + ++phoneSeq)}`;

async function deliveredOrder(phone: string) {
  const product = await insertProduct(t.db);
  const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: phone, customerName: NAME });
  await setOrderStatus(t.db, order.id, "delivered");
  return { order, product };
}

describe("POST /api/reviews reads no image before the review is allowed", () => {
  it("refuses a stranger's review as soon as its data has arrived, without waiting for the images", async () => {
    const phone = newPhone();
    const { order, product } = await deliveredOrder(phone);
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    const body = await multipart(
      {
        reviewData: JSON.stringify({
          productId: product.id,
          orderId: order.id,
          orderNumber: orderNumber(order.id),
          customerName: "Not The Buyer",
          customerPhone: phone,
          rating: 5,
          reviewText: "",
        }),
      },
      [{ field: "images", filename: "a.png", type: "image/png", bytes: big }],
    );
    // Everything up to a little way into the image, then the client stalls.
    const sent = body.payload.indexOf(Buffer.from("image/png")) + 2000;
    const answer = await sendPartly(port, "/api/reviews", body.payload, body.headers["content-type"], sent, 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it("refuses a sixth image with the spec's message", async () => {
    const phone = newPhone();
    const { order, product } = await deliveredOrder(phone);
    const image = await makeImage();
    const body = await multipart(
      {
        reviewData: JSON.stringify({
          productId: product.id,
          orderId: order.id,
          orderNumber: orderNumber(order.id),
          customerName: NAME,
          customerPhone: phone,
          rating: 4,
          reviewText: "Lovely",
        }),
      },
      Array.from({ length: 6 }, (_, i) => ({ field: "images", filename: `${i}.png`, type: "image/png", bytes: image })),
    );
    const res = await t.app.inject({ method: "POST", url: "/api/reviews", ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Maximum 5 images allowed" });
  });
});

describe("POST /api/reviews throttle", () => {
  it("refuses a burst of submissions for one phone number with a message saying when to retry", async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const body = await multipart({
        reviewData: JSON.stringify({
          productId: 1,
          orderId: randomUUID(),
          orderNumber: "00000000",
          customerName: `Guess ${i}`,
          customerPhone: phone,
          rating: 5,
          reviewText: "",
        }),
      });
      const res = await t.app.inject({ method: "POST", url: "/api/reviews", ...body });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error).toMatch(/try again in/);
    }
    expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
