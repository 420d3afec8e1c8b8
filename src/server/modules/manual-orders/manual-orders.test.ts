import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStock } from "../../db/schema.js";
import { insertCategory, insertProduct, trackStock } from "../../test/factory.js";
import { ADMIN, createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const customer = {
  customerName: "Sana Malik",
  customerPhone: "0333 7654321",
  customerEmail: "",
  shippingAddress: "Flat 3, Block B, Clifton",
  city: "Karachi",
};
const take = (body: object, cookie = t.adminCookie) =>
  t.app.inject({ method: "POST", url: "/api/admin/orders", payload: body, headers: cookie ? { cookie } : {} });

describe("POST /api/admin/orders", () => {
  it("takes a WhatsApp order priced by the server, the timeline naming the staff member", async () => {
    const p = await insertProduct(t.db, { price: "3200.00" });
    const res = await take({
      ...customer,
      source: "whatsapp",
      items: [{ productId: p.id, size: "M", color: "Red", quantity: 2 }],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: "pending",
      source: "whatsapp",
      total: "6400.00",
      customerName: "Sana Malik",
    });
    expect(order.items).toMatchObject([{ productId: p.id, productName: p.name, quantity: 2, price: 3200 }]);
    expect(order.timeline).toMatchObject([{ status: "pending", actor: ADMIN.username }]);
  });

  it("starts an order already confirmed on the phone as processing", async () => {
    const p = await insertProduct(t.db);
    const res = await take({
      ...customer,
      source: "phone",
      status: "processing",
      items: [{ productId: p.id, size: "S", color: "Blue", quantity: 1 }],
    });
    expect(res.json()).toMatchObject({ status: "processing", source: "phone" });
    expect(res.json().timeline).toMatchObject([{ status: "processing", actor: ADMIN.username }]);
  });

  it("takes stock like a web order and refuses more than is left, naming the item", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 3 }]);
    const items = [{ productId: p.id, size: "M", color: "Red", quantity: 2 }];
    expect((await take({ ...customer, source: "instagram", items })).statusCode).toBe(201);
    const refused = await take({ ...customer, source: "instagram", items });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`Only 1 left of ${p.name} (M / Red); please lower the quantity`);
    const [row] = await t.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.productId, p.id), eq(productStock.size, "M"), eq(productStock.color, "Red")));
    expect(row.quantity).toBe(1);
  });

  it("checks the customer's fields with the checkout's messages", async () => {
    const p = await insertProduct(t.db);
    const res = await take({
      ...customer,
      customerPhone: "12",
      shippingAddress: "short",
      source: "facebook",
      items: [{ productId: p.id, size: "M", color: "Red", quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      customerPhone: "Phone number must be at least 10 characters",
      shippingAddress: "Address must be at least 10 characters",
    });
  });

  it("refuses a source that is not a channel orders are taken from by hand", async () => {
    const p = await insertProduct(t.db);
    const res = await take({
      ...customer,
      source: "web",
      items: [{ productId: p.id, size: "M", color: "Red", quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.source).toMatch(/^Source must be one of: whatsapp/);
  });

  it("needs a staff session", async () => {
    const res = await take({ ...customer, source: "whatsapp", items: [] }, "");
    expect(res.statusCode).toBe(401);
  });
});
