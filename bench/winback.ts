// Winning back sales (issue 42): a restock that wakes 5,000 back-in-stock requests (how long until
// they are queued, and the sending rate through the marketing queue against a local Cloud API
// fake), and order placement for phones that ticked the reminder box against phones that did not.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { FakeCloudApi } from "../src/server/test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../src/server/test/fakes/whatsapp-config.js";
import { checkoutPayload, insertProduct, trackStock } from "../src/server/test/factory.js";
import { listen, ratio, rows, writeResult } from "./support.js";

const SUBSCRIBERS = 5_000;
const ORDERS = 150;

export async function benchWinback() {
  const fake = await new FakeCloudApi().start();
  const database = await openPglite();
  await database.migrate();
  const { app } = await listen(database, undefined, { whatsapp: testWhatsappConfig(fake.url) });
  await app.jobs.stop(); // this bench drives the jobs itself
  const db = database.db;
  const product = await insertProduct(db, { name: "Bench Lawn", sizes: ["M"], colors: ["Red"] });
  await trackStock(db, product, [{ size: "M", color: "Red", quantity: 0 }]);
  // A number that may message every subscriber today (the limit is the owner's, decision 041).
  await db.execute(sql`insert into settings (key, value) values ('whatsapp_daily_limit', '"1000000"')`);
  await db.execute(sql`insert into back_in_stock_requests (product_id, variant_id, size, color, phone, created_at)
    select ${product.id}, v.id, 'M', 'Red', '92300' || (1000000 + n)::text, now() - make_interval(secs => ${SUBSCRIBERS} - n)
    from generate_series(1, ${SUBSCRIBERS}) n, product_variants v where v.product_id = ${product.id}`);

  // The stock change itself makes them due (the trigger, in its own statement).
  const t0 = performance.now();
  await db.execute(
    sql`update product_stock set quantity = ${Math.ceil(SUBSCRIBERS / 3)} where product_id = ${product.id}`,
  );
  const queuedMs = Math.round(performance.now() - t0);
  const [{ due }] = await rows<{ due: number }>(
    database,
    sql`select count(*)::int as due from back_in_stock_requests where state = 'due'`,
  );

  const t1 = performance.now();
  while (fake.received.length < due) if ((await app.jobs.runDue()) === 0) break;
  const sendSeconds = (performance.now() - t1) / 1000;

  // Placement: phones with a saved checkout (the box ticked) against phones without.
  const session = randomUUID();
  await app.inject({
    method: "POST",
    url: "/api/cart",
    payload: { sessionId: session, productId: product.id, size: "M", color: "Red" },
  });
  await db.execute(sql`insert into settings (key, value) values ('abandoned_checkout_after_minutes', '"30"')`);
  const phoneOf = (n: number, ticked: boolean) => `0311${String(1_000_000 + n + (ticked ? 0 : 500_000)).slice(-7)}`;
  // The box's own request (the saved checkout) is made before; what is timed is the placement.
  for (let n = 0; n < ORDERS; n++) {
    const phone = phoneOf(n, true);
    await db.execute(sql`insert into saved_checkouts (token, session_id, phone, phone_key, lines, due_at)
      values (${randomUUID()}, ${randomUUID()}, ${"92" + phone.slice(1)}, ${phone.slice(1)}, '[]', now() + interval '30 minutes')`);
  }
  const placed = { true: 0, false: 0 };
  const place = async (n: number, ticked: boolean) => {
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: checkoutPayload([{ productId: product.id }], { customerPhone: phoneOf(n, ticked) }),
      remoteAddress: `10.${ticked ? 9 : 10}.${n >> 8}.${n & 255}`,
    });
    if (res.statusCode !== 201) throw new Error(`placement failed: ${res.statusCode} ${res.body}`);
    placed[`${ticked}`] += performance.now() - started;
  };
  // Interleaved, so the two halves see the same database and the same warm code.
  for (let n = 0; n < ORDERS; n++) {
    await place(n, n % 2 === 0);
    await place(n, n % 2 !== 0);
  }
  const without = ORDERS / (placed.false / 1000);
  const withBox = ORDERS / (placed.true / 1000);

  await app.close();
  await database.close();
  await fake.stop();
  const result = {
    restock: {
      subscribers: SUBSCRIBERS,
      due,
      queuedMs,
      sent: fake.received.length,
      sendSeconds: Math.round(sendSeconds * 10) / 10,
      messagesPerSecond: Math.round(fake.received.length / sendSeconds),
      reference: "queued within 2 s of the stock change; sent at the outbox's rate",
    },
    placement: {
      ordersPerSecondWithout: Math.round(without * 10) / 10,
      ordersPerSecondWithBoxTicked: Math.round(withBox * 10) / 10,
      ratio: ratio(withBox, without),
      reference: ">= 0.95",
    },
  };
  writeResult("winback", result);
  return result;
}
