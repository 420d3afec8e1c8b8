import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, productStock } from "../../db/schema.js";
import {
  checkoutPayload,
  countRows,
  insertCategory,
  mobileNumber,
  postOrder,
  productData,
  sendProduct,
  setOrderStatus,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// On PostgreSQL these requests really run at once (a pool of connections); on PGlite one at a time.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const unitsOf = async (productId: number) =>
  Object.fromEntries(
    (await t.db.select().from(productStock).where(eq(productStock.productId, productId))).map((s) => [
      s.variantId,
      s.quantity,
    ]),
  );

describe("The last unit of one variant under simultaneous orders", () => {
  it("goes to exactly one of 12 orders; the variant sharing its colour keeps its own units", async () => {
    // Unstitched and Stitched share the colour Red (and no size): stock is kept per variant.
    const res = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(
        productData({
          name: "Karandi suit",
          sku: "",
          options: [
            { name: "Make", values: ["Unstitched", "Stitched"] },
            { name: "Color", values: ["Red"] },
          ],
          variants: [
            { options: { Make: "Unstitched", Color: "Red" }, price: "5990", stock: 5 },
            { options: { Make: "Stitched", Color: "Red" }, price: "7990", stock: 1 },
          ],
        }),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    const [unstitched, stitched] = product.variants as { id: number }[];
    const before = await countRows(t.db, orders);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postOrder(
          t.app,
          checkoutPayload([{ productId: product.id, variantId: stitched.id }], {
            customerPhone: mobileNumber(500 + i, "0333"),
          }),
        ),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe("Karandi suit (Stitched / Red) is sold out; please remove it from your order");
    }
    expect(await countRows(t.db, orders)).toBe(before + 1);
    expect(await unitsOf(product.id)).toEqual({ [unstitched.id]: 5, [stitched.id]: 0 });
    expect(placed[0].json()).toMatchObject({ total: "7990.00" });

    // Cancelling gives the unit back to its own variant, once.
    await setOrderStatus(t.db, placed[0].json().id, "cancelled");
    await setOrderStatus(t.db, placed[0].json().id, "cancelled");
    expect(await unitsOf(product.id)).toEqual({ [unstitched.id]: 5, [stitched.id]: 1 });
  });
});
