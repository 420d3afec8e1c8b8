import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, dbKind } from "../test/test-db.js";
import { executePrepared } from "./prepared.js";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const shape = (n: number, word: string) => sql`select ${n}::int + 1 as next, upper(${word}) as word`;

describe("executePrepared", () => {
  it("answers as a plain query does, with the values of each call", async () => {
    for (const [n, word] of [
      [1, "lawn"],
      [41, "chiffon"],
    ] as const) {
      const plain = await database.db.execute(shape(n, word));
      const prepared = await executePrepared(database.db, shape(n, word));
      expect(prepared.rows).toEqual((plain as unknown as { rows: unknown[] }).rows);
      expect(prepared.rows).toEqual([{ next: n + 1, word: word.toUpperCase() }]);
    }
  });

  it.runIf(dbKind === "postgres")("prepares each shape of statement once per connection", async () => {
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await executePrepared(tx, shape(n, "silk"));
      await executePrepared(tx, sql`select ${"other"}::text as shape`);
      const mine = await tx.execute(sql`select statement from pg_prepared_statements where name like 's\_%'`);
      const statements = (mine as unknown as { rows: { statement: string }[] }).rows.map((r) => r.statement).sort();
      expect(statements).toEqual(["select $1::int + 1 as next, upper($2) as word", "select $1::text as shape"]);
    });
  });
});
