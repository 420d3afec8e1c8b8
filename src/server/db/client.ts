import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations not yet applied: the store's own, or those of another folder (tests). */
  migrate(folder?: string): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Other app servers on the same PostgreSQL hear `notify` through `subscribe` (absent on PGlite:
   * one process); `from` says who sent it ('' when nobody said), so a sender can skip its own echo.
   */
  subscribe?(channel: string, onMessage: (from: string) => void): Promise<() => Promise<void>>;
  notify?(channel: string, from?: string): Promise<void>;
  /** The PGlite instance, for backups and test templates. */
  pglite?: PGlite;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: (folder = MIGRATIONS_FOLDER) => migratePg(db as never, { migrationsFolder: folder }),
    ping: async () => (await pool.query("select 1")).rowCount === 1,
    close: () => pool.end(),
    subscribe: async (channel, onMessage) => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {}); // a lost listener leaves the cache's TTL as the safety net
      client.on("notification", (msg) => msg.channel === channel && onMessage(msg.payload ?? ""));
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    },
    notify: async (channel, from = "") => {
      await pool.query("select pg_notify($1, $2)", [channel, from]);
    },
  };
}

/** PGlite in a data directory, or in memory (dataDir undefined), optionally from a dump. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder: folder }),
    ping: async () => (await client.query("select 1")).rows.length === 1,
    close: () => client.close(),
  };
}
