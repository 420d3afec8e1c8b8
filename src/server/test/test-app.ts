import type { FastifyInstance } from "fastify";
import { buildApp, type AppConfig } from "../app.js";
import type { Database, Db } from "../db/client.js";
import { upsertAdmin } from "../modules/auth/auth-service.js";
import { createTestDatabase } from "./test-db.js";

export const ADMIN = { username: "owner", password: "correct horse battery" };
/** The SECRETS_KEY every test app (and every other server of a test) shares, as app servers do. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Cookie header of a logged-in admin session. */
  adminCookie: string;
  close(): Promise<void>;
}

/** The real app on a fresh database with one admin account, for one test file (`config`: e.g. a ManualClock). */
export async function createTestApp(config: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  await upsertAdmin(database.db, ADMIN.username, ADMIN.password);
  // The test machine's own load must not shed a test's requests: the overload tests set their own limits.
  const app = await buildApp(database, {
    sessionTtlHours: 1,
    overload: { maxEventLoopDelayMs: 0 },
    secretsKey: TEST_SECRETS_KEY,
    ...config,
  });
  await app.ready();
  const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
  if (login.statusCode !== 200) throw new Error(`admin login failed in test setup: ${login.body}`);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return {
    app,
    db: database.db,
    database,
    adminCookie: cookie,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Another app on the test's database, as after a restart or on a second app server: nothing of
 * the first app's memory comes along. The caller closes it (the database stays the test's).
 */
export async function startAnotherServer(t: TestContext, config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  return startServerOn(t.database, config);
}

/** The app on a database of the test's own making (e.g. one restored from a backup); the caller closes both. */
export async function startServerOn(database: Database, config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp(database, {
    sessionTtlHours: 1,
    overload: { maxEventLoopDelayMs: 0 },
    secretsKey: TEST_SECRETS_KEY,
    ...config,
  });
  await app.ready();
  return app;
}
