import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(); // the owner has logged in once, from 127.0.0.1
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/admin/login", remoteAddress, payload: { username, password } });

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
