import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";
import { upsertAdmin } from "./auth-service.js";

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD are applied at every start (main.ts calls upsertAdmin). A
 * restart is simulated as main.ts does it: the start-up step on the same database, then a new app.
 */
let t: TestContext;
const servers: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await t.close();
});

async function restartWith(password: string): Promise<FastifyInstance> {
  await upsertAdmin(t.db, ADMIN.username, password);
  const app = await startAnotherServer(t);
  servers.push(app);
  return app;
}

const session = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: "/api/admin/session", headers: { cookie } });
const login = async (app: FastifyInstance, password: string) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: ADMIN.username, password },
  });
  expect(res.statusCode).toBe(200);
  return `store_admin=${res.cookies[0].value}`;
};

describe("ADMIN_PASSWORD at start", () => {
  it("keeps the owner's sessions when the restart brings the same password", async () => {
    const cookie = await login(t.app, ADMIN.password);
    const app = await restartWith(ADMIN.password);
    expect((await session(app, cookie)).statusCode).toBe(200);
  });

  it("ends every session of the owner when the restart brings a new password", async () => {
    const cookie = await login(t.app, ADMIN.password);
    const app = await restartWith("a rotated owner password");
    expect((await session(app, cookie)).statusCode).toBe(401);
    expect((await session(app, t.adminCookie)).statusCode).toBe(401);
    const fresh = await login(app, "a rotated owner password");
    expect((await session(app, fresh)).json()).toEqual({ username: ADMIN.username, role: "owner" });
  });
});
