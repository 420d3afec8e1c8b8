import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../../db/rows.js";
import { createTestDatabase } from "../../../test/test-db.js";
import { WebhookBurst } from "./webhook-burst.js";
import { DeliveryRecorder } from "./webhook-inbox.js";

describe("WebhookBurst", () => {
  it("handles a lone delivery at once, and during a burst only once it pauses", () => {
    const burst = new WebhookBurst(3, 250, 30_000);
    const handled: number[] = [];
    burst.recorded(() => handled.push(1), 1_000);
    burst.recorded(() => handled.push(2), 1_100);
    expect(handled).toEqual([1, 2]);
    burst.recorded(() => handled.push(3), 1_200); // the third within 250 ms: a burst, handled after it
    expect(handled).toEqual([1, 2]);
    expect(burst.busy(1_200)).toBe(true);
    expect(burst.busy(1_000 + 251)).toBe(false);
    burst.recorded(() => handled.push(4), 5_000); // after a pause: at once again
    expect(handled).toEqual([1, 2, 4]);
  });
});

describe("DeliveryRecorder", () => {
  it("writes the deliveries that arrive together in one statement, each answered once it is stored", async () => {
    const database = await createTestDatabase();
    try {
      const statements: string[] = [];
      const recorder = new DeliveryRecorder({
        execute: (query) => {
          statements.push("insert");
          return database.db.execute(query);
        },
      });
      const bodies = Array.from({ length: 30 }, (_, n) => Buffer.from(JSON.stringify({ n })));
      await Promise.all(bodies.map((body) => recorder.record(body)));
      expect(statements).toHaveLength(1);
      const stored = rowsOf<{ body: string }>(
        await database.db.execute(sql`select body from whatsapp_webhook_inbox order by id`),
      );
      expect(stored.map((r) => JSON.parse(r.body).n)).toEqual(bodies.map((_, n) => n));
      // One arriving later starts a write of its own.
      await recorder.record(Buffer.from("{}"));
      expect(statements).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
