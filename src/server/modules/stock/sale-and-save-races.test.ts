import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStock } from "../../db/schema.js";
import {
  checkoutPayload,
  createProduct,
  insertCategory,
  mobileNumber,
  postOrder,
  productData,
  sendProduct,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/**
 * A sale of a variant's last unit writes the product row (its shown price moves, migration 0029)
 * after locking the variant's stock row; an admin's save of the same product writes the product
 * row and its stock rows. Both take the stock rows first, then the product row (decision 049), so
 * neither waits on the other in a circle. On PostgreSQL these requests really run at once (a
 * pool of connections); on PGlite one at a time.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

type Chiffon = { id: number; price: string; variants: { id: number; options: Record<string, string> }[] };

/** The product form as the admin sends it; `stock` given sets the counts, left out keeps them. */
const chiffonForm = (description: string, stock?: [number, number]) =>
  productData({
    name: "Chiffon suit",
    sku: "",
    description,
    trackStock: true,
    options: [{ name: "Make", values: ["Unstitched", "Stitched"] }],
    variants: [
      { options: { Make: "Unstitched" }, price: "4990", ...(stock ? { stock: stock[0] } : {}) },
      { options: { Make: "Stitched" }, price: "6490", ...(stock ? { stock: stock[1] } : {}) },
    ],
  });

const unitsOf = async (productId: number) =>
  Object.fromEntries(
    (await t.db.select().from(productStock).where(eq(productStock.productId, productId))).map((s) => [
      s.variantId,
      s.quantity,
    ]),
  );

/** Bounded: a few rounds of a few requests, each round on a product of its own (the online cap counts what earlier rounds hold). */
const ROUNDS = 4;
const ORDERS = 6;
const SAVES = 3;

describe("PUT /api/products/:id while the product's last units sell", () => {
  it("saves every time, sells exactly the units there are, and moves the price once they are gone", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const chiffon = await createProduct<Chiffon>(t, chiffonForm("Printed chiffon", [3, 5]));
      expect(chiffon.price).toBe("4990.00");
      const [unstitched, stitched] = chiffon.variants.map((v) => v.id);
      const save = (n: number) =>
        sendProduct(t, "PUT", `/api/products/${chiffon.id}`, {
          productData: JSON.stringify(chiffonForm(`Printed chiffon, edit ${n}`)),
        });

      const [orders, saves] = await Promise.all([
        Promise.all(
          Array.from({ length: ORDERS }, (_, n) =>
            postOrder(
              t.app,
              checkoutPayload([{ productId: chiffon.id, variantId: unstitched }], {
                customerPhone: mobileNumber(round * ORDERS + n, "0302"),
              }),
            ),
          ),
        ),
        Promise.all(Array.from({ length: SAVES }, (_, n) => save(n))),
      ]);

      // Every save went through (none was chosen to end a deadlock), and kept the counts it found.
      for (const saved of saves) expect(saved.statusCode, saved.body).toBe(200);
      // Exactly the 3 units sold; every other order was told the variant is sold out.
      expect(orders.filter((o) => o.statusCode === 201)).toHaveLength(3);
      for (const refused of orders.filter((o) => o.statusCode !== 201)) {
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().error).toBe("Chiffon suit (Unstitched) is sold out; please remove it from your order");
      }
      expect(await unitsOf(chiffon.id)).toEqual({ [unstitched]: 0, [stitched]: 5 });
      expect((await t.app.inject({ url: `/api/products/${chiffon.id}` })).json().price).toBe("6490.00");
    }
  });
});
