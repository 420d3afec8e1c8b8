import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema.js";
import { insertCategory, insertProduct, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let product: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "formal");
  product = await insertProduct(t.db, { price: "1000.00", category: "formal" });
});
afterAll(() => t.close());

const send = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: t.adminCookie } });
const list = async () =>
  (await t.app.inject({ url: "/api/admin/discounts", headers: { cookie: t.adminCookie } })).json() as Record<
    string,
    unknown
  >[];

describe("POST /api/admin/discounts", () => {
  it("creates a code with its limits and scope, and answers it with empty counts", async () => {
    const res = await send("POST", "/api/admin/discounts", {
      code: " Ayesha20 ",
      kind: "percent",
      value: 20,
      minSubtotal: "3000",
      startsAt: "2026-11-01T00:00:00+05:00",
      endsAt: "2026-12-01T00:00:00+05:00",
      usageLimit: 100,
      perPhoneLimit: 1,
      categories: ["formal"],
      productIds: [product.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      code: "Ayesha20",
      kind: "percent",
      value: 20,
      minSubtotal: 3000,
      startsAt: "2026-10-31T19:00:00.000Z",
      endsAt: "2026-11-30T19:00:00.000Z",
      usageLimit: 100,
      perPhoneLimit: 1,
      categories: ["formal"],
      productIds: [product.id],
      active: true,
      uses: 0,
      orders: 0,
      revenue: 0,
      returned: 0,
      amountOff: 0,
    });
  });

  it("answers each wrong field with its own message and stores nothing", async () => {
    const before = (await list()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: "a b", kind: "percent", value: 5 }, "code", "A code is 3 to 30 letters, digits, - or _ (no spaces)"],
      [{ code: "BIG", kind: "percent", value: 120 }, "value", "A percentage must be a whole number from 1 to 100"],
      [
        { code: "ZERO", kind: "fixed", value: 0 },
        "value",
        "A fixed discount must be a whole number of rupees, at least Rs. 1",
      ],
      [{ code: "KIND", kind: "half", value: 5 }, "kind", "Kind must be percent, fixed or free_delivery"],
      [
        { code: null, kind: "free_delivery" },
        "kind",
        "An automatic sale lowers prices: choose percent or fixed (free delivery needs a code)",
      ],
      [
        { code: "BACK", kind: "fixed", value: 5, startsAt: "2026-12-02T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" },
        "endsAt",
        "The end must be after the start",
      ],
      [
        { code: "LIM", kind: "fixed", value: 5, usageLimit: 0 },
        "usageLimit",
        "The total uses must be at least 1, or empty for no limit",
      ],
      [{ code: "SCOPE", kind: "fixed", value: 5, categories: ["nope"] }, "categories", "Unknown collection: nope"],
    ];
    for (const [body, field, message] of cases) {
      const res = await send("POST", "/api/admin/discounts", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    expect(await list()).toHaveLength(before);
  });

  it("refuses a code another discount has, in any letter case, with 409", async () => {
    expect((await send("POST", "/api/admin/discounts", { code: "SAME", kind: "fixed", value: 50 })).statusCode).toBe(
      201,
    );
    const again = await send("POST", "/api/admin/discounts", { code: "same", kind: "percent", value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: "Another discount already has the code same; choose a different code",
      details: { code: "This code is already in use" },
    });
  });
});

describe("PATCH and DELETE /api/admin/discounts/:id", () => {
  it("pauses, edits checked whole, deletes, and says when the discount is gone", async () => {
    const { id } = (await send("POST", "/api/admin/discounts", { code: "EDIT", kind: "fixed", value: 50 })).json();
    const paused = await send("PATCH", `/api/admin/discounts/${id}`, { active: false });
    expect(paused.json()).toMatchObject({ id, code: "EDIT", value: 50, active: false });
    const dated = await send("PATCH", `/api/admin/discounts/${id}`, { startsAt: "2026-12-01T00:00:00Z" });
    expect(dated.statusCode).toBe(200);
    const backwards = await send("PATCH", `/api/admin/discounts/${id}`, { endsAt: "2026-11-01T00:00:00Z" });
    expect([backwards.statusCode, backwards.json().details]).toEqual([
      400,
      { endsAt: "The end must be after the start" },
    ]);
    expect((await send("DELETE", `/api/admin/discounts/${id}`)).statusCode).toBe(200);
    const gone = await send("PATCH", `/api/admin/discounts/${id}`, { active: true });
    expect([gone.statusCode, gone.json().error]).toEqual([404, "Discount not found"]);
  });
});

describe("GET /api/admin/discounts", () => {
  it("counts what a code brought: uses, orders, revenue of kept orders, returned parcels", async () => {
    const { id } = (
      await send("POST", "/api/admin/discounts", { code: "INFLUENCER", kind: "fixed", value: 100 })
    ).json();
    const placed = [];
    for (let n = 0; n < 4; n++)
      placed.push(
        await placeOrder(t.app, [{ productId: product.id }], {
          discountCode: "influencer",
          customerPhone: `0300${1_234_560 + n}`,
        }),
      );
    await setOrderStatus(t.db, placed[1].id, "cancelled");
    await setOrderStatus(t.db, placed[2].id, "returned");
    const row = (await list()).find((d) => d.id === id);
    expect(row).toMatchObject({ uses: 3, orders: 4, revenue: 1800, returned: 1 });
    // Deleted, the code's orders keep the code they were placed with.
    await send("DELETE", `/api/admin/discounts/${id}`);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, placed[0].id));
    expect(kept).toMatchObject({ discountCode: "INFLUENCER", discountId: null, discount: "100.00", total: "900.00" });
  });
});
