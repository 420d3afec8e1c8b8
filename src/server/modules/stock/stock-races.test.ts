import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import {
  checkoutPayload,
  insertCategory,
  insertProduct,
  newSessionId,
  postOrder,
  stockLeft,
  mobileNumber,
  takeOrderByHand,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// On PostgreSQL these requests really run at once (a pool of connections); on PGlite one at a time.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const phone = (n: number) => mobileNumber(n, "0321");
const left = (productId: number, size: string, color: string) => stockLeft(t.db, productId, size, color);

describe("Stock under simultaneous orders", () => {
  // Taken by staff: unconfirmed web orders may hold only half of a size × colour (decision 034).
  it("sells the last 5 units to exactly 5 of 20 simultaneous orders", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 5 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        takeOrderByHand(t.app, t.adminCookie, { productId: p.id, quantity: 1 }, phone(100 + i)),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().error).toBe(`${p.name} (M / Red) is sold out; please remove it from your order`);
    }
    expect(await left(p.id, "M", "Red")).toBe(0);
  });

  it("never goes below zero across 5 variants and mixed quantities, and the sums add up", async () => {
    const p = await insertProduct(t.db, { sizes: ["S", "M", "L"], colors: ["Red", "Blue"] });
    const variants = [
      { size: "S", color: "Red" },
      { size: "M", color: "Red" },
      { size: "L", color: "Red" },
      { size: "S", color: "Blue" },
      { size: "M", color: "Blue" },
    ];
    const start = [4, 7, 3, 10, 6];
    await trackStock(
      t.db,
      p,
      variants.map((v, i) => ({ ...v, quantity: start[i] })),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const a = variants[i % 5];
        const b = variants[(i * 3 + 1) % 5];
        const items = [{ productId: p.id, ...a, quantity: 1 + (i % 3) }];
        if (i % 2 === 0) items.push({ productId: p.id, ...b, quantity: 1 });
        return postOrder(t.app, checkoutPayload(items, { customerPhone: phone(200 + i) }));
      }),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(answers.some((a) => a.statusCode === 201)).toBe(true);
    expect(answers.some((a) => a.statusCode === 409)).toBe(true);

    const sold = await queryRows<{ size: string; color: string; n: unknown }>(
      t.db,
      sql`select i.size, i.color, sum(i.quantity) as n from order_items i where i.product_id = ${p.id}
          group by i.size, i.color`,
    );
    for (const [i, v] of variants.entries()) {
      const now = await left(p.id, v.size, v.color);
      const ordered = Number(sold.find((s) => s.size === v.size && s.color === v.color)?.n ?? 0);
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now! + ordered).toBe(start[i]);
    }
  });

  it("gives a cancelled order's stock back once when it is cancelled many times at once", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 8 }]);
    const placed = await postOrder(
      t.app,
      checkoutPayload([{ productId: p.id, quantity: 4 }], { customerPhone: phone(300) }),
    );
    const { id } = placed.json();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: "PATCH",
              url: `/api/orders/${id}`,
              payload: { status: "cancelled", phone: phone(300) },
            })
          : t.app.inject({
              method: "PATCH",
              url: `/api/orders/${id}`,
              payload: { status: "cancelled" },
              headers: { cookie: t.adminCookie },
            }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await left(p.id, "M", "Red")).toBe(8);
  });

  it("refuses at checkout with 409 what another shopper bought after it went into the cart", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 2 }]);
    const sessionId = newSessionId();
    const added = await t.app.inject({
      method: "POST",
      url: "/api/cart",
      payload: { productId: p.id, size: "M", color: "Red", quantity: 2, sessionId },
    });
    expect(added.statusCode).toBe(201);
    const other = await postOrder(
      t.app,
      checkoutPayload([{ productId: p.id, quantity: 1 }], { customerPhone: phone(400) }),
    );
    expect(other.statusCode).toBe(201);
    const mine = await postOrder(
      t.app,
      checkoutPayload([{ productId: p.id, quantity: 2 }], { customerPhone: phone(401), sessionId }),
    );
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toBe(`Only 1 left of ${p.name} (M / Red); please lower the quantity`);
    expect(await left(p.id, "M", "Red")).toBe(1);
  });
});
