import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Drizzle's migrator applies what the journal lists, in its order, and only a migration whose
 * `when` is later than the last one applied: a .sql file missing from the journal is silently
 * never run, and an entry dated before its predecessor is skipped on every database that has the
 * predecessor. Migrations are hand-written (decision 018), so nothing else keeps the two in step.
 */
const MIGRATIONS = path.join(import.meta.dirname, "migrations");
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};
const files = fs
  .readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith(".sql"))
  .map((name) => name.replace(/\.sql$/, ""))
  .sort();

describe("the migrations and their journal", () => {
  it("list the same migrations, in the same order", () => {
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
  });

  it("number the entries one after another and date each after the one before", () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx, entry.tag).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });

  it("keep nothing else in the folder (drizzle-kit's snapshots are not used: decision 018)", () => {
    expect(fs.readdirSync(path.join(MIGRATIONS, "meta"))).toEqual(["_journal.json"]);
  });
});
