import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  insertCategory,
  insertProduct,
  makeImage,
  multipart,
  placeOrder,
  productData,
  sendProduct,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let suitId: number;
const PHONE = "+92 301 7654321";
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  suitId = (await insertProduct(t.db, { name: "Lawn Suit", sizes: ["M", "L"], colors: ["Red"] })).id;
});
afterAll(() => t.close());

async function deliveredOrder() {
  const id = (
    await placeOrder(t.app, [{ productId: suitId, quantity: 2, size: "M", color: "Red" }], { customerPhone: PHONE })
  ).id;
  await t.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${id}`);
  return id;
}

/** A return request with two photos, as the tracking card sends it. */
async function askWithPhotos(orderId: string, photos: Buffer[]) {
  const returnData = JSON.stringify({
    orderId,
    phone: PHONE,
    type: "return",
    reason: "Torn seam",
    items: [{ productId: suitId, size: "M", color: "Red", quantity: 1 }],
  });
  const form = await multipart(
    { returnData },
    photos.map((bytes, i) => ({ field: "photos", filename: `photo-${i}.png`, bytes, type: "image/png" })),
  );
  return t.app.inject({ method: "POST", url: "/api/returns", ...form });
}

/** The owner adds a product with one image. */
const publishProduct = (name: string, bytes: Buffer) =>
  sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData({ name, sku: name })) }, [
    { field: "images", filename: "shop.png", bytes, type: "image/png" },
  ]);

const photoUrlsOf = async (orderId: string): Promise<string[]> => {
  const list = (await t.app.inject({ url: "/api/admin/returns", headers: { cookie: t.adminCookie } })).json();
  return list.find((r: { orderId: string }) => r.orderId === orderId).photos.map((p: { url: string }) => p.url);
};

describe("POST /api/returns with photos", () => {
  it("decodes the photos while no database transaction is open", async () => {
    const orderId = await deliveredOrder();
    const photos = [await makeImage(), await makeImage()];
    // Observes, without changing them, the app's transactions and sharp's work: at every step of
    // sharp's queue the number of transactions open at that moment is noted.
    let open = 0;
    const openWhileDecoding: number[] = [];
    const transaction = t.db.transaction.bind(t.db);
    const spy = vi.spyOn(t.db, "transaction").mockImplementation(((run: never, config?: never) => {
      open++;
      return transaction(run, config).finally(() => open--);
    }) as typeof t.db.transaction);
    const note = () => openWhileDecoding.push(open);
    sharp.queue.on("change", note);
    try {
      expect((await askWithPhotos(orderId, photos)).statusCode).toBe(201);
    } finally {
      sharp.queue.off("change", note);
      spy.mockRestore();
    }
    expect(openWhileDecoding.length).toBeGreaterThan(0);
    expect(openWhileDecoding.every((n) => n === 0)).toBe(true);
    expect(await photoUrlsOf(orderId)).toHaveLength(2);
  });
});

describe("GET /api/images/{id} of a return photo", () => {
  it("serves it to staff only, kept by no cache, and answers anyone else as if it did not exist", async () => {
    const orderId = await deliveredOrder();
    expect((await askWithPhotos(orderId, [await makeImage()])).statusCode).toBe(201);
    const [url] = await photoUrlsOf(orderId);
    for (const path of [url, `${url}/thumb`, `${url}/card`]) {
      const anonymous = await t.app.inject({ url: path });
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.headers["cache-control"]).not.toMatch(/public/);
      const staff = await t.app.inject({ url: path, headers: { cookie: t.adminCookie } });
      expect(staff.statusCode).toBe(200);
      expect(staff.headers["content-type"]).toBe("image/webp");
      expect(staff.headers["cache-control"]).toBe("private, no-store");
      expect(staff.headers.etag).toBeUndefined();
    }
  });

  it("keeps a shop image public when a customer sends the same bytes as a return photo, and the other way round", async () => {
    const shopBytes = await makeImage();
    const product = await publishProduct("Public Suit", shopBytes);
    const shopUrl: string = product.json().images[0].url;
    const orderId = await deliveredOrder();
    expect((await askWithPhotos(orderId, [shopBytes])).statusCode).toBe(201);
    const shop = await t.app.inject({ url: shopUrl });
    expect(shop.statusCode).toBe(200);
    expect(shop.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const photoBytes = await makeImage();
    const laterOrder = await deliveredOrder();
    expect((await askWithPhotos(laterOrder, [photoBytes])).statusCode).toBe(201);
    const [photoUrl] = await photoUrlsOf(laterOrder);
    expect((await t.app.inject({ url: photoUrl })).statusCode).toBe(404);
    // The shop then publishes the same bytes: they are the shop's public image now.
    const published = await publishProduct("Same Photo", photoBytes);
    expect(published.json().images[0].url).toBe(photoUrl);
    expect((await t.app.inject({ url: `${photoUrl}/thumb` })).statusCode).toBe(200);
  });
});
