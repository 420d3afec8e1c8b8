import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, multipart, placeOrder } from "../../test/factory.js";
import { sendPartly } from "../../test/partial-request.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/** The return request's limits, over a real socket where the order of reading matters. */
let t: TestContext;
let port: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  productId = (await insertProduct(t.db, { sizes: ["M"], colors: ["Red"] })).id;
});
afterAll(() => t.close());

let phoneSeq = 0;
const newPhone = () => `0333${String(3000000 + ++phoneSeq)}`;

async function deliveredOrder(phone: string) {
  const { id } = await placeOrder(t.app, [{ productId, size: "M", color: "Red" }], { customerPhone: phone });
  await t.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${id}`);
  return id;
}

const returnData = (orderId: string, phone: string) =>
  JSON.stringify({
    orderId,
    phone,
    type: "return",
    reason: "Too small",
    items: [{ productId, size: "M", color: "Red", quantity: 1 }],
  });

describe("POST /api/returns limits", () => {
  it("refuses another phone's request as soon as its data has arrived, without waiting for the photos", async () => {
    const orderId = await deliveredOrder(newPhone());
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    const body = await multipart({ returnData: returnData(orderId, newPhone()) }, [
      { field: "photos", filename: "tag.png", type: "image/png", bytes: big },
    ]);
    // Everything up to a little way into the photo, then the client stalls.
    const sent = body.payload.indexOf(Buffer.from("image/png")) + 2000;
    const answer = await sendPartly(port, "/api/returns", body.payload, body.headers["content-type"], sent, 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it("answers a burst of refused requests for one phone number with 429 saying when to retry", async () => {
    const orderId = await deliveredOrder(newPhone());
    const stranger = newPhone();
    const statuses: number[] = [];
    let refusal: { error?: string } = {};
    for (let n = 0; n < 12; n++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/returns",
        payload: JSON.parse(returnData(orderId, stranger)),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refusal = res.json();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(refusal.error).toMatch(/^Too many refused return requests for this phone number\. Please try again in /);
  });
});
