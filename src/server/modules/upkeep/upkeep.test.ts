import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { backupHealth, databaseUpkeep } from "@shared/schemas/upkeep.js";
import { openPglite } from "../../db/client.js";
import { backUp, listBackups, restoreBackup } from "../../db/backup.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertOrder, insertProduct } from "../../test/factory.js";
import { createTestApp, startServerOn, type TestContext } from "../../test/test-app.js";
import { dbKind } from "../../test/test-db.js";
import { BACKUP_OVERDUE_MS, FIRST_BACKUP_AFTER_START_MS } from "./backups.js";
import { VACUUM_EVERY_MS } from "./vacuum.js";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `store-upkeep-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function rows<T>(t: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const health = async (t: TestContext) => (await t.app.inject({ url: "/api/health" })).json();
const upkeepStatus = async (t: TestContext) =>
  databaseUpkeep.parse(
    (await t.app.inject({ url: "/api/admin/database-upkeep", headers: { cookie: t.adminCookie } })).json(),
  );

describe.skipIf(dbKind !== "pglite")("scheduled VACUUM (ANALYZE) of the embedded database", () => {
  let t: TestContext;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, upkeep: { vacuum: true } });
  });
  afterAll(() => t.close());

  /** How many rows the planner expects in the confirmation queue, and the dead rows left in orders. */
  async function queueAsPlanned() {
    const plan = await rows<{ "QUERY PLAN": string }>(
      t,
      sql`explain select id from orders where confirmation_state = 'queued'`,
    );
    const [stats] = await rows<{ dead: number }>(
      t,
      sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'orders'`,
    );
    return { expected: Number(/rows=(\d+)/.exec(plan[0]["QUERY PLAN"])?.[1]), dead: stats.dead };
  }

  const vacuumCounts = async () =>
    new Map(
      (
        await rows<{ relname: string; n: number }>(
          t,
          sql`select relname, vacuum_count::int as n from pg_stat_user_tables where relname in ('orders', 'categories')`,
        )
      ).map((r) => [r.relname, r.n]),
    );

  it("vacuums and analyzes a drained queue on the jobs' clock: the planner no longer expects the drained orders", async () => {
    await t.app.jobs.runDue(); // the first pass: every table (none was vacuumed in the last day)
    // 3,000 orders queued for their confirmation, then drained, as a busy day leaves them.
    await t.db.execute(sql`
      insert into orders (customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total, confirmation_state)
      select 'Ayesha Khan', '0300 1234567', '3001234567', 'House 12', 'Lahore', 1000, 1000, 'queued'
      from generate_series(1, 3000)`);
    await t.db.execute(sql`update orders set confirmation_state = 'sent' where confirmation_state = 'queued'`);
    const before = await vacuumCounts();

    clock.advance(VACUUM_EVERY_MS);
    await t.app.jobs.runDue();

    expect(await queueAsPlanned()).toEqual({ expected: 1, dead: 0 });
    const after = await vacuumCounts();
    expect(after.get("orders")).toBe(before.get("orders")! + 1);
    // A table nobody changed waits for its daily pass.
    expect(after.get("categories")).toBe(before.get("categories"));
    expect((await upkeepStatus(t)).vacuum?.lastAt).not.toBeNull();

    clock.advance(DAY);
    await t.app.jobs.runDue();
    expect((await vacuumCounts()).get("categories")).toBe(before.get("categories")! + 1);
  });
});

describe.skipIf(dbKind !== "pglite")("daily backups of the embedded database", () => {
  let t: TestContext;
  let folder: string;
  const clock = new ManualClock(new Date("2026-11-01T03:00:00.000Z"));
  beforeAll(async () => {
    folder = path.join(tempDir("backups"), "backups");
    t = await createTestApp({ clock, upkeep: { backups: { folder, keep: 3 } } });
  });
  afterAll(() => t.close());

  it("writes one a day on the jobs' clock, keeps the newest BACKUP_KEEP, and shows the newest in health and Settings", async () => {
    // A new store: the first backup a minute after start, and health says so until then.
    expect((await health(t)).backup).toEqual({
      lastAt: null,
      ok: true,
      reason: "No backup yet: the first is taken at 08:01 (Pakistan time), a minute after start",
    });
    await t.app.jobs.runDue();
    expect(listBackups(folder)).toEqual([]);
    clock.advance(FIRST_BACKUP_AFTER_START_MS);
    await t.app.jobs.runDue();
    expect(listBackups(folder).map((b) => b.at)).toEqual([clock.now()]);
    clock.advance(HOUR); // the hourly look finds the backup fresh
    await t.app.jobs.runDue();
    expect(listBackups(folder)).toHaveLength(1);

    for (let day = 0; day < 4; day++) {
      clock.advance(DAY);
      await t.app.jobs.runDue();
    }
    const kept = listBackups(folder);
    expect(kept.map((b) => b.at)).toEqual([0, 1, 2].map((n) => new Date(clock.now().getTime() - n * DAY)));

    const publicBody = await t.app.inject({ url: "/api/health" });
    expect(backupHealth.parse(publicBody.json().backup)).toEqual({
      lastAt: clock.now().toISOString(),
      ok: true,
      reason: null,
    });
    expect(publicBody.body).not.toContain(folder); // the public answer never names the folder

    expect(await upkeepStatus(t)).toEqual({
      database: "pglite",
      backups: {
        folder,
        keep: 3,
        count: 3,
        lastAt: clock.now().toISOString(),
        ok: true,
        reason: null,
        lastError: null,
      },
      vacuum: null,
    });
    const anonymous = await t.app.inject({ url: "/api/admin/database-upkeep" });
    expect(anonymous.statusCode).toBe(401);

    // No look for more than a day (a stopped job runner): the backup is overdue.
    clock.advance(BACKUP_OVERDUE_MS + 1);
    expect((await health(t)).backup).toMatchObject({
      ok: false,
      reason: "The newest backup is more than a day old: check that the store's server is running and see its log",
    });
  });

  it("says a backup failed, with its error, to the owner only, and writes one at the next look once it can", async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, "a file where the folder should be");
    clock.advance(DAY);
    await t.app.jobs.runDue();
    expect((await health(t)).backup).toEqual({
      lastAt: null,
      ok: false,
      reason:
        "The last backup failed: the owner sees why in Settings → Database and backups; it is tried again within the hour",
    });
    const status = await upkeepStatus(t);
    expect(status.backups?.lastError).toMatch(/EEXIST|ENOTDIR/);

    fs.rmSync(folder);
    clock.advance(HOUR);
    await t.app.jobs.runDue();
    expect((await health(t)).backup).toEqual({ lastAt: clock.now().toISOString(), ok: true, reason: null });
  });
});

describe.skipIf(dbKind !== "pglite")("restoring a backup", () => {
  let t: TestContext;
  let folder: string;
  const clock = new ManualClock(new Date("2026-11-02T05:00:00.000Z"));
  beforeAll(async () => {
    folder = tempDir("restore-source");
    t = await createTestApp({ clock, upkeep: { backups: { folder, keep: 7 } } });
  });
  afterAll(() => t.close());
  let restored: Awaited<ReturnType<typeof openPglite>> | undefined;
  afterEach(() => restored?.close());

  it("restores the newest backup into a fresh data directory, where the store's data is found, and never over a database", async () => {
    const product = await insertProduct(t.db, { name: "Lawn Suit" });
    const orderId = await insertOrder(t.db, {
      name: "Noor Aslam",
      items: [{ product, quantity: 2, price: 2500 }],
    });
    clock.advance(FIRST_BACKUP_AFTER_START_MS);
    await t.app.jobs.runDue();
    const [newest] = listBackups(folder);

    const dataDir = tempDir("restored");
    expect(await restoreBackup(newest.file, dataDir)).toEqual({ orders: 1 });
    expect(fs.existsSync(path.join(dataDir, "store.lock"))).toBe(false); // the lock was given back
    restored = await openPglite(path.join(dataDir, "pglite"));
    const found = await restored.pglite!.query<{ customer_name: string; quantity: number }>(
      `select o.customer_name, i.quantity from orders o join order_items i on i.order_id = o.id where o.id = $1`,
      [orderId],
    );
    expect(found.rows).toEqual([{ customer_name: "Noor Aslam", quantity: 2 }]);
    await restored.close();
    restored = undefined;

    await expect(restoreBackup(newest.file, dataDir)).rejects.toThrow(
      /already holds a database.*move that folder aside/,
    );
    await expect(restoreBackup(path.join(folder, "missing.tar.gz"), tempDir("none"))).rejects.toThrow(
      /There is no backup file/,
    );
  });

  it("takes a backup a minute after a restored store starts, not when the restored job row says, and health says when", async () => {
    // As `npm run backup` writes one while the server runs: the backup job's row, inside it, is due in up to an hour.
    clock.advance(10 * 60_000);
    const file = await backUp(t.database.pglite!, folder, 7, clock.now());
    const dataDir = tempDir("restored-start");
    await restoreBackup(file, dataDir);
    restored = await openPglite(path.join(dataDir, "pglite"));
    // On another machine: the backups folder there is empty.
    const newFolder = path.join(tempDir("after-restore"), "backups");
    clock.advance(5 * 60_000); // restored at once: the row's next look is still most of an hour away
    const app = await startServerOn(restored, { clock, upkeep: { backups: { folder: newFolder, keep: 7 } } });
    try {
      const started = (await app.inject({ url: "/api/health" })).json().backup;
      expect(started).toEqual({
        lastAt: null,
        ok: true,
        reason: "No backup yet: the first is taken at 10:17 (Pakistan time), a minute after start",
      });
      clock.advance(FIRST_BACKUP_AFTER_START_MS);
      await app.jobs.runDue();
      expect(listBackups(newFolder).map((b) => b.at)).toEqual([clock.now()]);
      const after = (await app.inject({ url: "/api/health" })).json().backup;
      expect(after).toEqual({ lastAt: clock.now().toISOString(), ok: true, reason: null });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(dbKind !== "postgres")("database upkeep on PostgreSQL", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ upkeep: { vacuum: true, backups: { folder: tempDir("pg"), keep: 7 } } });
  });
  afterAll(() => t.close());

  it("schedules nothing (autovacuum and pg_dump do this) and says so in health and Settings", async () => {
    await t.app.jobs.runDue();
    const scheduled = await rows<{ kind: string }>(
      t,
      sql`select kind from jobs where kind in ('db.vacuum', 'db.backup')`,
    );
    expect(scheduled).toEqual([]);
    expect((await health(t)).backup).toBeNull();
    expect(await upkeepStatus(t)).toEqual({ database: "postgres", backups: null, vacuum: null });
  });
});
