import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { ManualClock } from "../../jobs/clock.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

const cloud = new FakeCloudApi();
let t: TestContext;
let productId: number;
beforeAll(async () => {
  await cloud.start();
  t = await createTestApp({
    whatsapp: testWhatsappConfig(cloud.url, { orderUpdatedTemplate: "order_updated" }),
    clock: new ManualClock(),
  });
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "2500.00", colors: ["Red"] })).id;
});
afterAll(async () => {
  await t.close();
  await cloud.stop();
});

const asStaff = () => ({ cookie: t.adminCookie });
const updates = (orderId: string) =>
  cloud.received.filter(
    (m) => m.body.template?.name === "order_updated" && JSON.stringify(m.body).includes(orderNumber(orderId)),
  );

describe("the customer's order_updated message", () => {
  it("is sent once, through the outbox, with the new items and what to pay; never for a refused change", async () => {
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders",
      headers: asStaff(),
      payload: {
        customerName: "Sana Malik",
        customerPhone: "0300 1234567",
        shippingAddress: "House 12, Street 4, Model Town",
        city: "Lahore",
        source: "whatsapp",
        items: [{ productId, size: "L", color: "Red", quantity: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as string;
    const refused = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}/items`,
      headers: asStaff(),
      payload: { items: [{ productId, size: "XXL", color: "Red", quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(409);
    await t.app.jobs.runDue();
    expect(updates(id)).toHaveLength(0);

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}/items`,
      headers: asStaff(),
      payload: { items: [{ productId, size: "M", color: "Red", quantity: 2 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [sent, ...more] = updates(id);
    expect(more).toHaveLength(0);
    expect(sent.body.to).toBe("923001234567");
    const text = JSON.stringify(sent.body.template);
    expect(text).toContain("Lawn Suit: M / Red x 2");
    expect(text).toContain("Rs. 5,000");
  });
});
