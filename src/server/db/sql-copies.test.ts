import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cityKey } from "@shared/rules/city.js";
import { AWAITING_ANSWER, CONFIRMATION_STATES, REQUEST_SENT } from "@shared/rules/confirmation.js";
import { OPEN_STATUSES, ORDER_STATUSES, SHIPPED_OR_LATER, UNEARNED_STATUSES } from "@shared/rules/order-status.js";
import { phoneKey, whatsappNumber } from "@shared/rules/phone.js";
import { createTestApp, type TestContext } from "../test/test-app.js";
import { queryRows } from "./rows.js";

/**
 * Business lists and rules live in `src/shared/rules`; SQL is built from them (`db/sql-list.ts`).
 * The copies that must stay written out in SQL (migrations, which are history, and the rules the
 * database applies itself) are held to the constants here (decision 018).
 */
const MIGRATIONS = path.join(import.meta.dirname, "migrations");
const migrations = fs
  .readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => ({ name: f, text: fs.readFileSync(path.join(MIGRATIONS, f), "utf8") }));
const SOURCES = path.join(import.meta.dirname, "..");

/** Every `in ('a', 'b', …)` list of SQL text literals in `text`. */
const literalLists = (text: string) =>
  [...text.matchAll(/\bin\s*\(\s*('[a-z_]+'(?:\s*,\s*'[a-z_]+')*)\s*\)/gi)].map((m) =>
    m[1].split(",").map((v) => v.trim().slice(1, -1)),
  );

/** The list of the last migration that (re)defines a CHECK constraint. */
function lastCheck(constraint: string): string[] {
  const defining = migrations.filter((m) => m.text.includes(constraint)).at(-1)!;
  const at = defining.text.indexOf(constraint);
  return literalLists(defining.text.slice(at, defining.text.indexOf("\n", defining.text.indexOf("CHECK", at))))[0];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
const ORDER_GROUPS = [ORDER_STATUSES, SHIPPED_OR_LATER, UNEARNED_STATUSES, OPEN_STATUSES];
const CONFIRMATION_GROUPS = [CONFIRMATION_STATES, AWAITING_ANSWER, REQUEST_SENT];

describe("SQL copies of the shared lists", () => {
  it("the orders' status and confirmation CHECK constraints list exactly the shared constants", () => {
    expect(sameSet(lastCheck('"orders_status_check"'), ORDER_STATUSES)).toBe(true);
    expect(sameSet(lastCheck('"orders_confirmation_state_check"'), CONFIRMATION_STATES)).toBe(true);
  });

  it("every list of order statuses the migrations' triggers use since 0007 is one of the named groups", () => {
    for (const { name, text } of migrations.filter((m) => m.name >= "0007")) {
      for (const list of literalLists(text)) {
        if (!list.every((v) => (ORDER_STATUSES as readonly string[]).includes(v))) continue;
        expect(
          ORDER_GROUPS.some((g) => sameSet(g, list)),
          `${name}: (${list.join(", ")})`,
        ).toBe(true);
      }
    }
  });

  it("the server's own SQL writes no list of statuses or confirmation states by hand", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith(".ts") && !file.endsWith(".test.ts"))
          for (const list of literalLists(fs.readFileSync(file, "utf8"))) {
            const statuses = list.every((v) => (ORDER_STATUSES as readonly string[]).includes(v));
            const states = list.every((v) => (CONFIRMATION_STATES as readonly string[]).includes(v));
            // A list of job or message states may share a word with them ('queued', 'sent').
            if ((statuses || states) && list.length > 1 && !list.includes("running") && !list.includes("sending"))
              offenders.push(`${path.relative(SOURCES, file)}: (${list.join(", ")})`);
          }
      }
    };
    walk(SOURCES);
    expect(offenders).toEqual([]);
    expect(
      CONFIRMATION_GROUPS.every((g) => g.every((s) => (CONFIRMATION_STATES as readonly string[]).includes(s))),
    ).toBe(true);
  });
});

describe("rules the database applies itself", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("report_city() keys a city as cityKey() does", async () => {
    for (const city of ["Lahore", "  LAHORE ", "Lahore  Cantt", "lahore\tcantt", "Dera Ghazi  Khan "]) {
      const [row] = await queryRows<{ key: string }>(t.db, sql`select report_city(${city}) as key`);
      expect(row.key, city).toBe(cityKey(city));
    }
  });

  it("the WhatsApp number the SQL matches a press by ('92' || phone_key) is whatsappNumber()", () => {
    for (const phone of ["03001234567", "+92 300 1234567", "0092-300-1234567", "3001234567"])
      expect("92" + phoneKey(phone), phone).toBe(whatsappNumber(phone));
  });
});
