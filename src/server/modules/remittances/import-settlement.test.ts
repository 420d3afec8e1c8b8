import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { multipart } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { IMPORT_BATCH_ROWS } from "./import-settlement.js";

/** Issue 38 (L6): a long settlement sheet is recorded in batches, so the database answers others between them. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function importCsv(csv: string) {
  const form = await multipart(
    { courier: "Batch Express", mapping: JSON.stringify({ trackingNumber: "CN", amount: "Paid" }) },
    [{ field: "file", filename: "long.csv", bytes: Buffer.from(csv), type: "text/csv" }],
  );
  return t.app.inject({
    method: "POST",
    url: "/api/admin/remittances/import",
    headers: { ...form.headers, cookie: t.adminCookie },
    payload: form.payload,
  });
}

const recorded = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.db,
        sql`select count(*) as n from remittance_payments where tracking_number like 'BATCH-%'`,
      )
    )[0].n,
  );

describe("POST /api/admin/remittances/import", () => {
  it("records a long sheet in batches, says what it recorded when it fails part way, and a second import records the rest once", async () => {
    expect(IMPORT_BATCH_ROWS).toBe(1_000);
    const csv = "CN,Paid\n" + Array.from({ length: 1_500 }, (_, i) => `BATCH-${i + 1},1000\n`).join("");
    // The database refuses the 1,200th row, as a full disk or a lost connection would.
    await t.db.execute(
      sql.raw(`create function refuse_batch_1200() returns trigger language plpgsql as $$
        begin if new.tracking_number = 'BATCH-1200' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_batch_1200 before insert on remittance_payments
        for each row execute function refuse_batch_1200()`),
    );
    const failed = await importCsv(csv);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe(
      "The import stopped after recording 1,000 of this sheet's 1,500 payments (up to line 1,001); import the same sheet again to record the rest (a payment recorded already is not recorded twice)",
    );
    expect(await recorded()).toBe(1_000);

    await t.db.execute(sql.raw("drop trigger refuse_batch_1200 on remittance_payments"));
    expect((await importCsv(csv)).json()).toEqual({ rows: 1_500, matched: 0, unmatched: 500, duplicates: 1_000 });
    expect(await recorded()).toBe(1_500);
    expect((await importCsv(csv)).json()).toEqual({ rows: 1_500, matched: 0, unmatched: 0, duplicates: 1_500 });
    expect(await recorded()).toBe(1_500);
  });
});
