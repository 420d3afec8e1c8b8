import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import pg from "pg";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppConfig } from "../src/server/app.js";
import { openPostgres, type Database } from "../src/server/db/client.js";
import { queryRows } from "../src/server/db/rows.js";
import { upsertAdmin } from "../src/server/modules/auth/auth-service.js";

export const BENCH_ADMIN = { username: "bench", password: "bench-password-1" };

/** The machine a figure was measured on, written beside every result. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

export async function listen(
  database: Database,
  clientDir?: string,
  config: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  await upsertAdmin(database.db, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const app = await buildApp(database, { sessionTtlHours: 1, clientDir, ...config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

export async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon against a loopback URL, bounded in time. */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

export function writeResult(name: string, data: unknown): string {
  const dir = path.resolve("bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), ...(data as object) }, null, 2) + "\n",
  );
  return file;
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function rows<T>(database: Database, query: import("drizzle-orm").SQL): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

/**
 * Runs `fn` on a fresh PostgreSQL database (dropped afterwards) when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server; resolves to null when none is set.
 */
export async function onFreshPostgres<T>(fn: (database: Database) => Promise<T>, poolSize = 20): Promise<T | null> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `store_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), poolSize);
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
