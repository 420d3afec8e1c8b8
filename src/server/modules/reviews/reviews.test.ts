import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, reviews } from "../../db/schema.js";
import { orderNumber } from "@shared/rules/labels.js";
import { ORDER_NUMBER_NEEDED } from "@shared/schemas/order-proof.js";
import { CANNOT_REVIEW } from "./review-service.js";
import { insertProduct, makeImage, multipart, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NAME = "Ayesha Khan";
let phoneSeq = 0;
/** Each test its own customer, so the per-phone throttle and earlier orders never interfere. */
const newPhone = () => `0333${String(1000000 + ++phoneSeq)}`;

async function deliveredOrder(phone: string, productIds: number[]) {
  const order = await placeOrder(
    t.app,
    productIds.map((productId) => ({ productId })),
    { customerPhone: phone, customerName: NAME },
  );
  await setOrderStatus(t.db, order.id, "delivered");
  return order;
}

const validate = (body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/reviews/validate", payload: body });

async function submit(reviewData: Record<string, unknown> | string, files: { filename: string; bytes: Buffer }[] = []) {
  const body = await multipart(
    { reviewData: typeof reviewData === "string" ? reviewData : JSON.stringify(reviewData) },
    files.map((f) => ({ field: "images", type: "image/png", ...f })),
  );
  return t.app.inject({ method: "POST", url: "/api/reviews", ...body });
}

const reviewCount = async () => Number((await t.db.select({ n: count() }).from(reviews))[0].n);
const imageCount = async () => Number((await t.db.select({ n: count() }).from(images))[0].n);

describe("POST /api/reviews/validate", () => {
  it("lists the unreviewed products of the delivered order whose number the caller gave", async () => {
    const phone = newPhone();
    const a = await insertProduct(t.db, { name: "Reviewable Suit" });
    const b = await insertProduct(t.db);
    const delivered = await deliveredOrder(phone, [a.id, b.id]);
    await placeOrder(t.app, [{ productId: a.id }], { customerPhone: phone, customerName: NAME }); // still pending
    const res = await validate({
      customerName: "  ayesha KHAN ",
      customerPhone: `+92 ${phone.slice(1)}`,
      orderNumber: orderNumber(delivered.id).toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasOrders: true,
      unreviewedOrders: [
        {
          orderId: delivered.id,
          orderDate: expect.any(String),
          products: [
            { productId: a.id, productName: "Reviewable Suit", selectedImage: null, size: "M", color: "Red" },
            { productId: b.id, productName: b.name, selectedImage: null, size: "M", color: "Red" },
          ],
        },
      ],
    });
  });

  it("finds nothing for a different name with the same phone", async () => {
    const phone = newPhone();
    const a = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [a.id]);
    const res = await validate({
      customerName: "Someone Else",
      customerPhone: phone,
      orderNumber: orderNumber(order.id),
    });
    expect(res.json()).toEqual({ hasOrders: false, unreviewedOrders: [] });
  });

  it("asks for both name and phone", async () => {
    for (const body of [{ customerName: "", customerPhone: "03001234567" }, { customerName: NAME }, {}]) {
      const res = await validate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Please enter your name and phone number.");
    }
  });
});

describe("POST /api/reviews", () => {
  it("stores a verified review with its images and drops the product from the list", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const other = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [product.id, other.id]);
    const res = await submit(
      {
        productId: product.id,
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        customerName: NAME,
        customerPhone: phone,
        rating: 4,
        reviewText: "Lovely fabric",
      },
      [
        { filename: "one.png", bytes: await makeImage() },
        { filename: "two.png", bytes: await makeImage() },
      ],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customerName: NAME, rating: 4, reviewText: "Lovely fabric" });
    expect(res.json().images).toHaveLength(2);
    expect(res.json().images[0].url).toMatch(/^\/api\/images\//);
    const left = (
      await validate({ customerName: NAME, customerPhone: phone, orderNumber: orderNumber(order.id) })
    ).json();
    expect(left.unreviewedOrders[0].products.map((p: { productId: number }) => p.productId)).toEqual([other.id]);
  });

  it("refuses a review and a check without the order number or link, saying what to enter, storing nothing", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [product.id]);
    const before = await reviewCount();
    const data = { productId: product.id, orderId: order.id, customerName: NAME, customerPhone: phone, rating: 5 };
    for (const res of [
      await submit(data),
      await submit({ ...data, orderNumber: "  " }),
      await validate({ customerName: NAME, customerPhone: phone }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ORDER_NUMBER_NEEDED);
      expect(res.json().error).toBe(
        "Enter the 8-character order number from your WhatsApp message or parcel label, such as 3F9A1C2B.",
      );
    }
    expect(await reviewCount()).toBe(before);
    const withIt = await submit({ ...data, orderNumber: `#${orderNumber(order.id)}` });
    expect(withIt.statusCode).toBe(201);
    expect(withIt.json().customerName).toBe(NAME);
  });

  it("refuses a second review of the same product for the same order", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [product.id]);
    const data = {
      productId: product.id,
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      customerName: NAME,
      customerPhone: phone,
      rating: 5,
    };
    expect((await submit(data)).statusCode).toBe(201);
    const again = await submit({ ...data, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("You have already reviewed this product for this order");
  });

  it("stores one review when the same review is submitted twice at once", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [product.id]);
    const data = {
      productId: product.id,
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      customerName: NAME,
      customerPhone: phone,
      rating: 5,
    };
    // With an image each: all three pass the checks while their image is processed, so the
    // unique (order, product) index is what keeps the second and third out.
    const photo = [{ filename: "same.png", bytes: await makeImage() }];
    const results = await Promise.all([submit(data, photo), submit(data, photo), submit(data, photo)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const stored = await t.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(stored).toHaveLength(1);
  });

  it("refuses a stranger, a wrong name, a wrong order number, an undelivered order and a product not in the order with one answer, storing nothing", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const notBought = await insertProduct(t.db);
    const delivered = await deliveredOrder(phone, [product.id]);
    const pending = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: phone, customerName: NAME });
    const base = {
      productId: product.id,
      orderId: delivered.id,
      orderNumber: orderNumber(delivered.id),
      customerName: NAME,
      customerPhone: phone,
      rating: 5,
    };
    const pendingOrder = { orderId: pending.id, orderNumber: orderNumber(pending.id) };
    const [reviewsBefore, imagesBefore] = [await reviewCount(), await imageCount()];
    const png = [{ filename: "a.png", bytes: await makeImage() }];

    // The same answer whatever was wrong, so the answer cannot tell a right name from a wrong one.
    const answers = [
      await submit({ ...base, customerPhone: "03119999999" }, png),
      await submit({ ...base, customerName: "Not Ayesha" }, png),
      await submit({ ...base, ...pendingOrder }, png),
      await submit({ ...base, orderNumber: orderNumber(pending.id) }, png),
      await submit({ ...base, productId: notBought.id }, png),
      await submit({ ...base, ...pendingOrder, customerName: "Not Ayesha" }, png),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CANNOT_REVIEW });
    }
    expect([await reviewCount(), await imageCount()]).toEqual([reviewsBefore, imagesBefore]);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const phone = newPhone();
    const product = await insertProduct(t.db);
    const order = await deliveredOrder(phone, [product.id]);
    const base = {
      productId: product.id,
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      customerName: NAME,
      customerPhone: phone,
      rating: 5,
    };
    const before = [await reviewCount(), await imageCount()];

    const noRating = await submit({ ...base, rating: 0 });
    expect(noRating.json().error).toBe("Please select a star rating.");
    const longText = await submit({ ...base, reviewText: "x".repeat(1001) });
    expect(longText.json().error).toBe("Review text can be at most 1000 characters");
    const missingName = await submit({ ...base, customerName: "" });
    expect(missingName.json().error).toBe("Please enter your name and phone number.");
    const malformed = await submit("{not json");
    expect(malformed.json().error).toBe("The 'reviewData' field is not valid JSON");
    const sixImages = await submit(
      base,
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({ filename: `${i}.png`, bytes: await makeImage() })),
      ),
    );
    expect(sixImages.json().error).toBe("Maximum 5 images allowed");
    const notAnImage = await submit(base, [{ filename: "evil.png", bytes: Buffer.from("<script>alert(1)</script>") }]);
    expect(notAnImage.json().error).toBe(
      "Invalid file: evil.png. Only JPEG, PNG, and WebP files under 10MB are allowed.",
    );
    const notMultipart = await t.app.inject({ method: "POST", url: "/api/reviews", payload: base });

    for (const res of [noRating, longText, missingName, malformed, sixImages, notAnImage, notMultipart]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect([await reviewCount(), await imageCount()]).toEqual(before);
  });
});

describe("GET /api/reviews/product/:id and its rating", () => {
  it("lists a product's reviews newest first and averages their ratings to one decimal", async () => {
    const product = await insertProduct(t.db);
    for (const rating of [5, 4, 4]) {
      const phone = newPhone();
      const order = await deliveredOrder(phone, [product.id]);
      const res = await submit({
        productId: product.id,
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        customerName: NAME,
        customerPhone: phone,
        rating,
        reviewText: `rated ${rating}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await t.app.inject({ url: `/api/reviews/product/${product.id}` });
    expect(list.json().map((r: { reviewText: string }) => r.reviewText)).toEqual(["rated 4", "rated 4", "rated 5"]);
    const rating = await t.app.inject({ url: `/api/reviews/product/${product.id}/rating` });
    expect(rating.json()).toEqual({ averageRating: 4.3, totalReviews: 3 });
  });

  it("answers a product without reviews with an empty list and a zero rating", async () => {
    const product = await insertProduct(t.db);
    expect((await t.app.inject({ url: `/api/reviews/product/${product.id}` })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/reviews/product/${product.id}/rating` })).json()).toEqual({
      averageRating: 0,
      totalReviews: 0,
    });
    expect((await t.app.inject({ url: "/api/reviews/product/abc" })).statusCode).toBe(404);
  });
});
