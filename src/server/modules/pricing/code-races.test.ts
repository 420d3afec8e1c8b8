import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutPayload, insertCategory, insertProduct, mobileNumber, postOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// On PostgreSQL these requests really run at once (a pool of connections); on PGlite one at a time.
let t: TestContext;
let product: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  product = await insertProduct(t.db, { price: "2000.00", category: "casual" });
});
afterAll(() => t.close());

const addCode = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/discounts",
    payload: { kind: "fixed", value: 200, ...body },
    headers: { cookie: t.adminCookie },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const orderWith = (code: string, phone: string) =>
  postOrder(t.app, checkoutPayload([{ productId: product.id }], { customerPhone: phone, discountCode: code }));

describe("A code's limits under simultaneous orders", () => {
  it("gives the last 3 uses to exactly 3 of 10 simultaneous orders", async () => {
    await addCode({ code: "LAST3", usageLimit: 4 });
    expect((await orderWith("LAST3", mobileNumber(1, "0333"))).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => orderWith("last3", mobileNumber(100 + i, "0333"))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 201),
      answers.map((a) => a.body).join("\n"),
    ).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().error).toBe("The code LAST3 has been used up");
    for (const placed of answers.filter((a) => a.statusCode === 201))
      expect(placed.json()).toMatchObject({ discountCode: "LAST3", discount: "200.00", total: "1800.00" });
  });

  it("gives a phone number its one use once, however many orders it sends at once", async () => {
    await addCode({ code: "ONEEACH", perPhoneLimit: 1 });
    const phone = mobileNumber(500, "0333");
    const answers = await Promise.all(Array.from({ length: 5 }, () => orderWith("ONEEACH", phone)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json().error).toBe("The code ONEEACH has already been used with this phone number");
  });
});
