import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, products } from "../../db/schema.js";
import {
  countRows,
  insertCategory,
  makeImage,
  multipart,
  productData,
  sendProduct,
  type FormFile,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let green: FormFile;
beforeAll(async () => {
  t = await createTestApp();
  green = { field: "images", filename: "green.png", bytes: await makeImage(), type: "image/png" };
  await insertCategory(t.db, "casual");
  await insertCategory(t.db, "party");
});
afterAll(() => t.close());

const png = async (filename: string, field = "images"): Promise<FormFile> => ({
  field,
  filename,
  bytes: await makeImage(),
  type: "image/png",
});

async function create(overrides: Record<string, unknown> = {}, files: FormFile[] = []) {
  const res = await sendProduct(
    t,
    "POST",
    "/api/products",
    { productData: JSON.stringify(productData(overrides)) },
    files,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs a refused request and checks that no product and no image was written. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): { error: string } }>,
  status: number,
  error: string | RegExp,
) {
  const before = [await countRows(t.db, products), await countRows(t.db, images)];
  const res = await send();
  expect(res.statusCode).toBe(status);
  if (typeof error === "string") expect(res.json().error).toBe(error);
  else expect(res.json().error).toMatch(error);
  expect([await countRows(t.db, products), await countRows(t.db, images)]).toEqual(before);
  return res;
}

describe("POST /api/products", () => {
  it("creates a product with default and per-colour images served by URL", async () => {
    const product = await create({ colorVariantStock: { Blue: false, Teal: true } }, [
      await png("front.png"),
      await png("back.png"),
      await png("red.png", "colorImages[Red]"),
    ]);
    expect(product).toMatchObject({
      name: "Test Lawn Suit",
      price: "3500.00",
      category: "casual",
      inStock: 1,
      featured: 0,
    });
    expect(product.images.map((i: { filename: string }) => i.filename)).toEqual(["front.webp", "back.webp"]);
    expect(Object.keys(product.colorVariantImages)).toEqual(["Red"]);
    // A new colour is in stock unless told otherwise; keys that are not colours are dropped.
    expect(product.colorVariantStock).toEqual({ Red: true, Blue: false });
    const image = await t.app.inject({ url: product.images[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    const again = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(again.json()).toEqual(product);
  });

  it("accepts the category by its name and stores its slug", async () => {
    const product = await create({ category: "Party", originalPrice: "5000", featured: true, inStock: false });
    expect(product).toMatchObject({ category: "party", originalPrice: "5000.00", featured: 1, inStock: 0 });
  });

  it("accepts a JSON body holding just the product data", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: t.adminCookie },
      payload: productData({ sku: "JSON-1" }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().sku).toBe("JSON-1");
  });

  it("refuses an anonymous caller with 401 and writes nothing", async () => {
    const png1 = await png("a.png");
    await expectRefused(
      async () => {
        const body = await multipart({ productData: JSON.stringify(productData()) }, [png1]);
        return t.app.inject({ method: "POST", url: "/api/products", payload: body.payload, headers: body.headers });
      },
      401,
      /log in/,
    );
  });

  it("refuses malformed productData JSON", async () => {
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", { productData: "{name:" }),
      400,
      "The 'productData' field is not valid JSON",
    );
    await expectRefused(() => sendProduct(t, "POST", "/api/products", {}), 400, "The 'productData' field is missing");
  });

  it("refuses wrong types with a message per field", async () => {
    const res = await expectRefused(
      () =>
        sendProduct(t, "POST", "/api/products", {
          productData: JSON.stringify(productData({ price: "cheap", name: "" })),
        }),
      400,
      /./,
    );
    expect((res.json() as unknown as { details: Record<string, string> }).details).toMatchObject({
      name: "Product name is required",
      price: "Enter an amount in rupees, like 2500",
    });
  });

  it("refuses a category that does not exist", async () => {
    await expectRefused(
      () =>
        sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData({ category: "bridal" })) }),
      400,
      'The category "bridal" does not exist; create it first',
    );
  });

  it("refuses a text file named .jpg with the spec's message and stores nothing", async () => {
    const files = [
      await png("good.png"),
      { field: "images", filename: "notes.jpg", bytes: Buffer.from("just some notes"), type: "image/jpeg" },
    ];
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData()) }, files),
      400,
      "Invalid file: notes.jpg. Only JPEG, PNG, and WebP files under 10MB are allowed.",
    );
  });

  it("refuses a sixth image in a group", async () => {
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`, "colorImages[Red]")));
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData()) }, six),
      400,
      "Maximum 5 images allowed",
    );
  });

  it("refuses images for a colour the product does not have, or an unknown file field", async () => {
    const data = { productData: JSON.stringify(productData()) };
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", data, [{ ...green, field: "colorImages[Green]" }]),
      400,
      /colour "Green"/,
    );
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", data, [{ ...green, field: "avatar" }]),
      400,
      /Unexpected file field 'avatar'/,
    );
  });

  it("refuses an oversized file or body", async () => {
    const big = {
      field: "images",
      filename: "huge.png",
      bytes: Buffer.alloc(10 * 1024 * 1024 + 10),
      type: "image/png",
    };
    await expectRefused(
      () => sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData()) }, [big]),
      413,
      /huge\.png/,
    );
    const json = productData({ description: "x".repeat(1024 * 1024 + 1) });
    await expectRefused(
      () => t.app.inject({ method: "POST", url: "/api/products", headers: { cookie: t.adminCookie }, payload: json }),
      413,
      /too large/,
    );
    const long = productData({ description: "x".repeat(5001) });
    await expectRefused(
      () => t.app.inject({ method: "POST", url: "/api/products", headers: { cookie: t.adminCookie }, payload: long }),
      400,
      /at most 5000/,
    );
  });
});

describe("PUT /api/products/:id", () => {
  it("updates fields and appends new images after the kept ones", async () => {
    const product = await create({}, [await png("one.png")]);
    const res = await sendProduct(
      t,
      "PUT",
      `/api/products/${product.id}`,
      {
        productData: JSON.stringify(productData({ name: "Renamed Suit", price: 4200, colors: "Red, Blue, Green" })),
      },
      [await png("two.png")],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ name: "Renamed Suit", price: "4200.00", colors: ["Red", "Blue", "Green"] });
    expect(updated.images.map((i: { filename: string }) => i.filename)).toEqual(["one.webp", "two.webp"]);
    expect(updated.colorVariantStock).toEqual({ Red: true, Blue: true, Green: true });
  });

  it("keeps only the named images with replaceImages and takes the variant JSON fields", async () => {
    const product = await create({}, [
      await png("keep.png"),
      await png("drop.png"),
      await png("red1.png", "colorImages[Red]"),
      await png("blue1.png", "colorImages[Blue]"),
    ]);
    const res = await sendProduct(
      t,
      "PUT",
      `/api/products/${product.id}`,
      {
        productData: JSON.stringify(productData({ images: [product.images[0]], colors: ["Red", "White"] })),
        colorVariantImages: JSON.stringify({ Red: [product.colorVariantImages.Red[0].id] }),
        colorVariantStock: JSON.stringify({ Red: false, Blue: true, Bogus: true }),
        replaceImages: "true",
      },
      [await png("white1.png", "colorImages[White]")],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.images.map((i: { id: string }) => i.id)).toEqual([product.images[0].id]);
    expect(Object.keys(updated.colorVariantImages).sort()).toEqual(["Red", "White"]);
    expect(updated.colorVariantStock).toEqual({ Red: false, White: true });
  });

  it("refuses a sixth image counting the ones kept", async () => {
    const five = await Promise.all([0, 1, 2, 3, 4].map((i) => png(`k${i}.png`)));
    const product = await create({}, five);
    await expectRefused(
      () =>
        sendProduct(t, "PUT", `/api/products/${product.id}`, { productData: JSON.stringify(productData()) }, [green]),
      400,
      "Maximum 5 images allowed",
    );
  });

  it("answers an unknown id with 404 and an anonymous caller with 401", async () => {
    const data = { productData: JSON.stringify(productData()) };
    const missing = await sendProduct(t, "PUT", "/api/products/987654", data);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Product not found" });
    const product = await create();
    const anon = await t.app.inject({
      method: "PUT",
      url: `/api/products/${product.id}`,
      payload: productData({ name: "Hacked" }),
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().name).toBe("Test Lawn Suit");
  });
});

describe("DELETE /api/products/:id", () => {
  it("deletes the product but keeps its images for orders and reviews", async () => {
    const product = await create({}, [await png("gone.png")]);
    const anon = await t.app.inject({ method: "DELETE", url: `/api/products/${product.id}` });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/products/${product.id}`,
      headers: { cookie: t.adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: product.images[0].url })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/products/${product.id}`,
      headers: { cookie: t.adminCookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
