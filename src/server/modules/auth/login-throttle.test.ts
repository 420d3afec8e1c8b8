import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(); // the owner has logged in once, from 127.0.0.1
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, app = t.app) =>
  app.inject({ method: "POST", url: "/api/admin/login", remoteAddress, payload: { username, password } });

describe("POST /api/admin/login throttle", () => {
  it("lets only five of a burst of parallel guesses reach the password check", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login("burst-target", `guess ${i}`, "192.0.2.77")),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it("does not lock the owner out of a network they log in from when guesses come from many networks", async () => {
    // A campaign of wrong guesses for the owner's account, five networks at a time.
    for (let batch = 0; batch < 41; batch++) {
      await Promise.all(Array.from({ length: 5 }, (_, i) => login(ADMIN.username, "wrong", `10.9.${batch}.${i + 1}`)));
    }
    const fromNewNetwork = await login(ADMIN.username, "wrong again", "10.9.200.1");
    expect(fromNewNetwork.statusCode).toBe(429);
    expect(fromNewNetwork.json().error).toMatch(/new networks/);
    const owner = await login(ADMIN.username, ADMIN.password, "127.0.0.1");
    expect(owner.statusCode).toBe(200);
  }, 120_000);
});

describe("POST /api/admin/login throttle on another app server or after a restart", () => {
  it("still knows the owner's network, so a campaign from many networks does not lock the owner out", async () => {
    const other = await startAnotherServer(t); // shares only the database with the server the owner used
    try {
      for (let batch = 0; batch < 41; batch++) {
        await Promise.all(
          Array.from({ length: 5 }, (_, i) => login(ADMIN.username, "wrong", `10.8.${batch}.${i + 1}`, other)),
        );
      }
      expect((await login(ADMIN.username, "wrong again", "10.8.200.1", other)).statusCode).toBe(429);
      expect((await login(ADMIN.username, ADMIN.password, "127.0.0.1", other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  }, 120_000);
});
