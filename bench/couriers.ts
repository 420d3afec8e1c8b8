// Benchmark: the courier follow-up of 5,000 booked parcels (half Leopards, half PostEx) against the
// local fakes, on PGlite: bulk tracking calls of 50, at most four in flight per courier. Prints
// parcels per second and the requests made.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { SecretBox } from "../src/server/lib/secret-box.js";
import { OrderCore } from "../src/server/modules/order-core/order-core.js";
import { followUpParcels } from "../src/server/modules/shipping/parcels/courier-follow-up.js";
import { saveLeopardsSettings } from "../src/server/modules/shipping/couriers/courier-settings.js";
import { savePostexSettings } from "../src/server/modules/shipping/couriers/postex-settings.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake } from "../src/server/test/fakes/leopards-fake.js";
import { POSTEX_TOKEN, startPostexFake } from "../src/server/test/fakes/postex-fake.js";
import { machine, writeResult } from "./support.js";

const PARCELS = 5_000;

export async function benchCouriers() {
  const database = await openPglite();
  await database.migrate();
  const [leopards, postex] = await Promise.all([startLeopardsFake(), startPostexFake()]);
  const box = new SecretBox(randomBytes(32));
  try {
    await saveLeopardsSettings(database.db, box, {
      enabled: true,
      baseUrl: leopards.baseUrl,
      apiKey: FAKE_KEY,
      apiPassword: FAKE_PASSWORD,
    });
    await savePostexSettings(database.db, box, {
      enabled: true,
      baseUrl: postex.baseUrl,
      token: POSTEX_TOKEN,
      pickupAddressCode: "001",
    });
    await database.db.execute(sql`
      insert into orders (status, customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total,
                          courier, tracking_number, courier_booked_at)
      select 'shipped', 'Bench Customer', '0300' || lpad(i::text, 7, '0'), '300' || lpad(i::text, 7, '0'),
             'House 1, Street 2', 'Lahore', 3000, 3000,
             case when i % 2 = 0 then 'Leopards' else 'PostEx' end,
             case when i % 2 = 0 then 'LE' || (8000000000 + i) else 'CX' || (800000000 + i) end, now()
      from generate_series(1, ${PARCELS}) i`);
    for (let i = 1; i <= PARCELS; i++) {
      // A tenth delivered, a tenth with a failed attempt, the rest on the way.
      const status = i % 10 === 0 ? "Delivered" : i % 10 === 5 ? "attempt" : "on the way";
      if (i % 2 === 0)
        leopards.setPacketStatus(
          `LE${8_000_000_000 + i}`,
          status === "Delivered" ? "Delivered" : status === "attempt" ? "Pending" : "Dispatched",
          status === "attempt" ? "Customer not available" : "",
        );
      else
        postex.seed(
          `CX${800_000_000 + i}`,
          status === "Delivered" ? "Delivered" : status === "attempt" ? "Delivery Under Review" : "Out For Delivery",
        );
    }
    const deps = { core: new OrderCore(database.db, console), db: database.db, secrets: box, whatsapp: false };
    const started = Date.now();
    const first = await followUpParcels(deps);
    const firstMs = Date.now() - started;
    const again = Date.now();
    const second = await followUpParcels(deps);
    const secondMs = Date.now() - again;
    const result = {
      machine: machine(),
      parcels: PARCELS,
      firstRun: { ...first, ms: firstMs, parcelsPerSecond: Math.round((first.checked / firstMs) * 1000) },
      secondRun: { ...second, ms: secondMs, parcelsPerSecond: Math.round((second.checked / secondMs) * 1000) },
      requestsAtTheFakes: { leopards: leopards.requests.length, postex: postex.requests.length },
      reference: "under 60 s for 5,000 parcels (issue 26)",
    };
    writeResult("couriers", result);
    return result;
  } finally {
    await Promise.all([leopards.close(), postex.close()]);
    await database.close();
  }
}
