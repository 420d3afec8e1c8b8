import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, productData, sendProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example.pk" });
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

describe("GET /feeds/products.xml with variants", () => {
  it("has one item per variant sold, named by its other options, at its own price and availability", async () => {
    const res = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(
        productData({
          name: "Lawn suit",
          sku: "",
          options: [
            { name: "Make", values: ["Unstitched", "Stitched"] },
            { name: "Size", values: ["M"] },
          ],
          variants: [
            { options: { Make: "Unstitched", Size: "M" }, price: "4990", stock: 0 },
            { options: { Make: "Stitched", Size: "M" }, price: "6490", stock: 4 },
          ],
        }),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const xml = (await t.app.inject({ url: "/feeds/products.xml" })).body;
    const items = xml.split("<item>").slice(1);
    const own = items.filter((i) => i.includes(`<g:item_group_id>${id}</g:item_group_id>`));
    expect(own).toHaveLength(2);
    expect(own[0]).toContain("<g:title>Lawn suit: Unstitched</g:title>");
    expect(own[0]).toContain("<g:price>4990.00 PKR</g:price>");
    expect(own[0]).toContain("<g:availability>out of stock</g:availability>");
    expect(own[0]).toContain(`<g:id>${id}_unstitched-m</g:id>`);
    expect(own[1]).toContain("<g:title>Lawn suit: Stitched</g:title>");
    expect(own[1]).toContain("<g:price>6490.00 PKR</g:price>");
    expect(own[1]).toContain("<g:availability>in stock</g:availability>");
  });
});
