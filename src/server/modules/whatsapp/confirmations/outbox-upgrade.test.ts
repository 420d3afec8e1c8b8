import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app.js";
import { openPglite, type Database } from "../../../db/client.js";
import { ManualClock } from "../../../jobs/clock.js";
import { enqueueJob } from "../../../jobs/jobs.js";
import { FakeCloudApi } from "../../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";

const migrations = fileURLToPath(new URL("../../../db/migrations", import.meta.url));
const fake = new FakeCloudApi();
let database: Database;
let before: string;

/** The migrations up to (not including) `tag`, as a store of that earlier version had them. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e: { tag: string }) => e.tag === tag),
  );
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const { tag: t } of journal.entries)
    fs.copyFileSync(path.join(migrations, `${t}.sql`), path.join(dir, `${t}.sql`));
  return dir;
}

beforeAll(async () => {
  await fake.start();
  database = await openPglite();
  before = migrationsBefore("0008_order_outbox");
});
afterAll(async () => {
  await database.close();
  await fake.stop();
  fs.rmSync(before, { recursive: true, force: true });
});

describe("upgrading to the order outbox", () => {
  it("sends a confirmation queued as a job before the upgrade once, and closes that job", async () => {
    await migrate(database.db as never, { migrationsFolder: before });
    const placed = await database.db.execute(sql`
      insert into orders (customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total, confirmation_state)
      values ('Ayesha Khan', '03001234567', '3001234567', 'House 12, Street 4, Model Town', 'Lahore', 2500, 2500, 'queued')
      returning id`);
    const orderId = (placed as unknown as { rows: { id: string }[] }).rows[0].id;
    // What the earlier version wrote with the order.
    await enqueueJob(database.db, {
      kind: "whatsapp.confirmation",
      payload: { orderId, kind: "confirm" },
      key: `whatsapp:confirm:${orderId}`,
    });

    await database.migrate();
    const app = await buildApp(database, {
      sessionTtlHours: 1,
      overload: { maxEventLoopDelayMs: 0 },
      whatsapp: testWhatsappConfig(fake.url),
      clock: new ManualClock(),
    });
    await app.ready();
    await app.jobs.runDue();
    await app.jobs.runDue();
    await app.close();
    expect(fake.received.filter((m) => JSON.stringify(m.body).includes(orderId))).toHaveLength(1);
    const job = await database.db.execute(sql`select state from jobs where kind = 'whatsapp.confirmation'`);
    expect((job as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: "done" }]);
  });
});
