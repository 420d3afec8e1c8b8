import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { createTestDatabase } from "../test/test-db.js";
import { ManualClock } from "./clock.js";
import { JobRunner, retryDelayMs } from "./job-runner.js";
import { enqueueJob, enqueueJobSql } from "./jobs.js";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

/** Every test uses kinds of its own, so the jobs other tests leave behind are never claimed. */
let serial = 0;
const kindFor = (name: string) => `${name}.${++serial}`;

const minutes = (n: number) => n * 60_000;

async function jobRows(kind: string) {
  const result = await db.execute(sql`select state, attempts, last_error from jobs where kind = ${kind} order by id`);
  return (result as unknown as { rows: { state: string; attempts: number; last_error: string | null }[] }).rows;
}

describe("JobRunner", () => {
  it("runs a job once when it is due and not before", async () => {
    const clock = new ManualClock();
    const runner = new JobRunner(db, { clock });
    const kind = kindFor("later");
    const seen: unknown[] = [];
    runner.register(kind, async (payload) => void seen.push(payload));

    await enqueueJob(db, { kind, payload: { order: 7 }, runAt: new Date(clock.now().getTime() + minutes(10)) });
    await runner.runDue();
    expect(seen).toEqual([]);

    clock.advance(minutes(10));
    await runner.runDue();
    await runner.runDue();
    expect(seen).toEqual([{ order: 7 }]);
    expect(await jobRows(kind)).toEqual([{ state: "done", attempts: 1, last_error: null }]);
  });

  it("retries a failing job with growing delays, then marks it failed and calls onFailed once", async () => {
    const clock = new ManualClock();
    const runner = new JobRunner(db, { clock });
    const kind = kindFor("flaky");
    let calls = 0;
    const failed: unknown[] = [];
    runner.register(
      kind,
      async () => {
        calls++;
        throw new Error(`outage ${calls}`);
      },
      { maxAttempts: 3, onFailed: async (payload, error) => void failed.push([payload, (error as Error).message]) },
    );
    await enqueueJob(db, { kind, payload: { n: 1 } });

    await runner.runDue();
    expect(calls).toBe(1);
    clock.advance(retryDelayMs(1) - 1);
    await runner.runDue();
    expect(calls).toBe(1); // the backoff has not passed yet
    clock.advance(1);
    await runner.runDue();
    expect(calls).toBe(2);
    clock.advance(retryDelayMs(2));
    await runner.runDue();
    clock.advance(minutes(60));
    await runner.runDue();

    expect(calls).toBe(3);
    expect(failed).toEqual([[{ n: 1 }, "outage 3"]]);
    expect(await jobRows(kind)).toEqual([{ state: "failed", attempts: 3, last_error: "outage 3" }]);
  });

  it("ignores a second job with the same key while the first waits, and accepts it once the first ran", async () => {
    const clock = new ManualClock();
    const runner = new JobRunner(db, { clock });
    const kind = kindFor("keyed");
    let calls = 0;
    runner.register(kind, async () => void calls++);

    await enqueueJob(db, { kind, payload: {}, key: `${kind}:order-1` });
    await enqueueJob(db, { kind, payload: {}, key: `${kind}:order-1` });
    await runner.runDue();
    expect(calls).toBe(1);

    await enqueueJob(db, { kind, payload: {}, key: `${kind}:order-1` });
    await runner.runDue();
    expect(calls).toBe(2);
  });

  it("records a job in the same statement as the change that causes it, or not at all", async () => {
    const kind = kindFor("atomic");
    await db.execute(sql`with job as (${enqueueJobSql({ kind, payload: { ok: true } })}) select 1`);
    await expect(
      db.execute(sql`with job as (${enqueueJobSql({ kind, payload: { ok: false } })}) select 1 / 0`),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx as unknown as Db, { kind, payload: { ok: false } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    const result = await db.execute(sql`select payload from jobs where kind = ${kind}`);
    expect((result as unknown as { rows: { payload: unknown }[] }).rows).toEqual([{ payload: { ok: true } }]);
  });

  it("resumes after a restart: a job left queued runs on the next server, once", async () => {
    const clock = new ManualClock();
    const kind = kindFor("restart");
    const first = new JobRunner(db, { clock });
    first.register(kind, async () => {});
    await enqueueJob(db, { kind, payload: {} });
    // The first server stops before it gets to the job.
    await first.stop();

    const second = new JobRunner(db, { clock });
    let calls = 0;
    second.register(kind, async () => void calls++);
    expect(await second.runDue()).toBeGreaterThanOrEqual(1);
    await second.runDue();
    expect(calls).toBe(1);
  });

  it("takes over a job whose server died mid-run once its lease is over, and the late finish does not count", async () => {
    const clock = new ManualClock();
    const kind = kindFor("lease");
    let releaseStuck = () => {};
    const stuck = new JobRunner(db, { clock, leaseMs: minutes(5) });
    stuck.register(kind, () => new Promise<void>((resolve) => (releaseStuck = resolve)));
    const rescuer = new JobRunner(db, { clock, leaseMs: minutes(5) });
    let rescued = 0;
    rescuer.register(kind, async () => {
      rescued++;
      throw new Error("rescuer failed too");
    });

    await enqueueJob(db, { kind, payload: {} });
    const stuckRun = stuck.runDue();
    await expect.poll(async () => (await jobRows(kind))[0].state).toBe("running");

    await rescuer.runDue();
    expect(rescued).toBe(0); // still leased to the stuck server
    clock.advance(minutes(5) + 1);
    await rescuer.runDue();
    expect(rescued).toBe(1);

    releaseStuck(); // the first server wakes up and finishes: too late to mark the job done
    await stuckRun;
    expect(await jobRows(kind)).toEqual([{ state: "queued", attempts: 2, last_error: "rescuer failed too" }]);
  });

  it("runs a recurring job once per interval, however many servers poll", async () => {
    const clock = new ManualClock();
    const kind = kindFor("every");
    let runs = 0;
    const servers = [new JobRunner(db, { clock }), new JobRunner(db, { clock })];
    for (const server of servers) server.every(kind, minutes(15), async () => void runs++);

    await Promise.all(servers.map((s) => s.runDue()));
    await Promise.all(servers.map((s) => s.runDue()));
    expect(runs).toBe(1);
    clock.advance(minutes(15));
    await Promise.all(servers.map((s) => s.runDue()));
    expect(runs).toBe(2);
    expect(await jobRows(kind)).toEqual([{ state: "queued", attempts: 0, last_error: null }]);
  });

  it("runs each of 200 jobs exactly once with two servers claiming at the same time", async () => {
    const clock = new ManualClock();
    const kind = kindFor("race");
    const runs = new Map<number, number>();
    const servers = [new JobRunner(db, { clock, batchSize: 7 }), new JobRunner(db, { clock, batchSize: 7 })];
    for (const server of servers)
      server.register(kind, async (payload) => {
        const n = payload.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
      });
    await db.execute(
      sql`insert into jobs (kind, payload) select ${kind}, jsonb_build_object('n', n) from generate_series(1, 200) n`,
    );

    await Promise.all(servers.map((s) => s.runDue()));
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it("gives a batch handler its claimed jobs together, finishes the done ones and retries only the failed one", async () => {
    const clock = new ManualClock();
    const kind = kindFor("batch");
    const runner = new JobRunner(db, { clock });
    const calls: number[][] = [];
    runner.registerBatch(kind, async (jobs) => {
      calls.push(jobs.map((j) => j.payload.n as number).sort((a, b) => a - b));
      return jobs.map((j) => (j.payload.n === 2 && j.job.attempt === 1 ? new Error("outage") : undefined));
    });
    for (const n of [1, 2, 3]) await enqueueJob(db, { kind, payload: { n } });

    await runner.runDue();
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await jobRows(kind)).toEqual([
      { state: "done", attempts: 1, last_error: null },
      { state: "queued", attempts: 1, last_error: "outage" },
      { state: "done", attempts: 1, last_error: null },
    ]);
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(calls).toEqual([[1, 2, 3], [2]]);
    expect((await jobRows(kind)).map((r) => r.state)).toEqual(["done", "done", "done"]);
  });

  it("lets a batch handler mark its jobs done in its own write, done exactly when that write commits", async () => {
    const clock = new ManualClock();
    const kind = kindFor("batch-own-write");
    const runner = new JobRunner(db, { clock });
    await db.execute(sql`create table if not exists job_runner_test_records (n int primary key)`);
    runner.registerBatch(kind, async (jobs, finishedIn) => {
      const ns = jobs.map((j) => j.payload.n as number);
      // Jobs 1 and 2 are recorded together with their being done; job 3's record fails the
      // first time (a duplicate key), so its done mark is rolled back with it.
      const errors: unknown[] = jobs.map(() => undefined);
      const own = ns.flatMap((n, i) => (n !== 3 ? [i] : []));
      await db.execute(sql`with done as (${finishedIn(own)})
        insert into job_runner_test_records (n) select unnest(${`{${own.map((i) => ns[i]).join(",")}}`}::int[])`);
      const three = ns.indexOf(3);
      if (three >= 0)
        try {
          await db.execute(sql`with done as (${finishedIn([three])})
            insert into job_runner_test_records (n) values (${jobs[three].job.attempt === 1 ? 1 : 3})`);
        } catch (err) {
          errors[three] = err;
        }
      return errors;
    });
    for (const n of [1, 2, 3]) await enqueueJob(db, { kind, payload: { n } });

    await runner.runDue();
    expect((await jobRows(kind)).map((r) => r.state)).toEqual(["done", "done", "queued"]);
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(await jobRows(kind)).toEqual([
      { state: "done", attempts: 1, last_error: null },
      { state: "done", attempts: 1, last_error: null },
      { state: "done", attempts: 2, last_error: null },
    ]);
    const records = await db.execute(sql`select n from job_runner_test_records order by n`);
    expect((records as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([1, 2, 3]);
    await db.execute(sql`drop table job_runner_test_records`);
  });

  it("runs each of 200 batched jobs exactly once with two servers claiming at the same time", async () => {
    const clock = new ManualClock();
    const kind = kindFor("batch-race");
    const runs = new Map<number, number>();
    const servers = [new JobRunner(db, { clock, batchSize: 7 }), new JobRunner(db, { clock, batchSize: 7 })];
    for (const server of servers)
      server.registerBatch(kind, async (jobs) => {
        for (const { payload } of jobs) runs.set(payload.n as number, (runs.get(payload.n as number) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return jobs.map(() => undefined);
      });
    await db.execute(
      sql`insert into jobs (kind, payload) select ${kind}, jsonb_build_object('n', n) from generate_series(1, 200) n`,
    );

    await Promise.all(servers.map((s) => s.runDue()));
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(new Set((await jobRows(kind)).map((r) => r.state))).toEqual(new Set(["done"]));
  });

  describe("a queue kept in another table", () => {
    /** Rows of a test queue: drained by marking them done, counting every time one is handled. */
    async function testQueue(name: string, count: number) {
      await db.execute(sql`create table if not exists job_runner_test_queue
        (queue text not null, n int not null, handled int not null default 0, primary key (queue, n))`);
      await db.execute(sql`insert into job_runner_test_queue (queue, n)
        select ${name}, n from generate_series(1, ${count}) n on conflict do nothing`);
      const drain = async (limit: number) => {
        const due = await db.execute(sql`select n from job_runner_test_queue
          where queue = ${name} and handled = 0 order by n limit ${limit}`);
        const ns = (due as unknown as { rows: { n: number }[] }).rows.map((r) => r.n);
        await new Promise((resolve) => setImmediate(resolve)); // the other runners run meanwhile
        await db.execute(sql`update job_runner_test_queue set handled = handled + 1
          where queue = ${name} and n in (select unnest(${`{${ns.join(",")}}`}::int[]))`);
        return ns.length;
      };
      const handled = async () => {
        const result = await db.execute(
          sql`select handled from job_runner_test_queue where queue = ${name} order by n`,
        );
        return (result as unknown as { rows: { handled: number }[] }).rows.map((r) => r.handled);
      };
      return { drain, handled };
    }

    it("is drained by one runner at a time, each item once, however many runners look at once", async () => {
      const clock = new ManualClock();
      const name = kindFor("queue-race");
      const queue = await testQueue(name, 120);
      const servers = [new JobRunner(db, { clock, batchSize: 7 }), new JobRunner(db, { clock, batchSize: 7 })];
      for (const server of servers) server.registerQueue(name, queue.drain);

      const ran = await Promise.all([servers[0].runDue(), servers[1].runDue(), servers[0].runDue()]);
      // Whoever lost the lease left the queue to the holder; a later look finds nothing due.
      await Promise.all(servers.map((s) => s.runDue()));
      expect(ran.reduce((a, b) => a + b, 0)).toBe(120);
      expect(new Set(await queue.handled())).toEqual(new Set([1]));
    });

    it("gives the lease up when drained, and is taken over when a stopped holder's lease runs out", async () => {
      const clock = new ManualClock();
      const name = kindFor("queue-lease");
      const queue = await testQueue(name, 10);
      const [first, second] = [new JobRunner(db, { clock }), new JobRunner(db, { clock })];
      for (const server of [first, second]) server.registerQueue(name, queue.drain);

      expect(await first.runDue()).toBe(10);
      await testQueue(name, 20); // ten more: the first server gave the lease up, so the second drains them
      expect(await second.runDue()).toBe(10);

      // A server stopped while holding the lease (nothing released it): the queue waits for its end.
      await db.execute(sql`update leases set holder = 'a stopped server',
        until = ${new Date(clock.now().getTime() + minutes(5)).toISOString()}::timestamptz
        where name = ${`queue:${name}`}`);
      await testQueue(name, 30);
      expect(await first.runDue()).toBe(0);
      clock.advance(minutes(5));
      expect(await first.runDue()).toBe(10);
      expect(await queue.handled()).toEqual(Array.from({ length: 30 }, () => 1));
    });

    it("keeps running the jobs when draining the queue fails, and drains it at the next look", async () => {
      const clock = new ManualClock();
      const name = kindFor("queue-outage");
      const kind = kindFor("beside-queue");
      const runner = new JobRunner(db, { clock });
      let outage = true;
      let drained = 0;
      runner.registerQueue(name, async () => {
        if (outage) throw new Error("database outage");
        drained++;
        return 0;
      });
      let ran = 0;
      runner.register(kind, async () => void ran++);
      await enqueueJob(db, { kind, payload: {} });
      await runner.runDue();
      expect(ran).toBe(1);
      const [lease] = (
        (await db.execute(sql`select until from leases where name = ${`queue:${name}`}`)) as unknown as {
          rows: { until: string | Date }[];
        }
      ).rows;
      expect(String(lease.until)).toMatch(/-infinity/); // given up despite the failure
      outage = false;
      await runner.runDue();
      expect(drained).toBe(1);
    });
  });

  it("starts polling by itself and stops cleanly", async () => {
    const clock = new ManualClock();
    const kind = kindFor("polled");
    const runner = new JobRunner(db, { clock, pollMs: 20 });
    let calls = 0;
    runner.register(kind, async () => void calls++);
    runner.start();
    await enqueueJob(db, { kind, payload: {} });
    await expect.poll(() => calls, { timeout: 5000 }).toBe(1);
    await runner.stop();
  });

  it("keeps a failed query's values out of the job's last error", async () => {
    const kind = kindFor("leaky");
    const runner = new JobRunner(db, { clock: new ManualClock() });
    runner.register(kind, async () => {
      // What a failed query throws: the statement and its values (a customer's name and phone).
      await db.execute(sql`insert into no_such_table (name, phone) values (${"Ayesha Khan"}, ${"03001234567"})`);
    });
    await enqueueJob(db, { kind, payload: {} });
    await runner.runDue();
    const [row] = await jobRows(kind);
    expect(row.state).toBe("queued");
    expect(row.last_error).toMatch(/insert into no_such_table/);
    expect(row.last_error).not.toMatch(/Ayesha|03001234567/);
  });
});
