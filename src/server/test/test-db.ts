import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../db/client.js";

/** The database kind this test project runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKind = (process.env.TEST_DB_KIND ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated, empty database of the project's kind. `drop` removes it again. With
 * `migrated: false` nothing is applied yet (a migration's own test applies them up to a point).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<Database & { drop(): Promise<void> }> {
  if (dbKind === "pglite" && !migrated) {
    const database = await openPglite();
    return { ...database, drop: () => database.close() };
  }
  if (dbKind === "pglite") {
    const template = fs.readFileSync(inject("pgliteTemplate"));
    const database = await openPglite(undefined, new Blob([template]));
    return { ...database, drop: () => database.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set for the PostgreSQL test project");
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 30);
  if (migrated) await database.migrate();
  return {
    ...database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
