import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../jobs/clock.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../test/fakes/leopards-fake.js";
import { POSTEX_TOKEN, startPostexFake, type PostexFake } from "../../test/fakes/postex-fake.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// The checkout's City suggestions (issue 26): the cities the switched-on couriers deliver to.
const clock = new ManualClock(new Date("2026-11-26T10:00:00Z"));
let t: TestContext;
let postex: PostexFake;
let leopards: LeopardsFake;
beforeAll(async () => {
  [t, postex, leopards] = await Promise.all([createTestApp({ clock }), startPostexFake(), startLeopardsFake()]);
});
afterAll(async () => {
  await t.close();
  await Promise.all([postex.close(), leopards.close()]);
});

const cities = async () => {
  const res = await t.app.inject({ url: "/api/checkout/cities" });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { cities: string[] }).cities;
};
const connect = (courier: "postex" | "leopards", enabled = true) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/couriers/${courier}`,
    headers: { cookie: t.adminCookie },
    payload:
      courier === "postex"
        ? { enabled, baseUrl: postex.baseUrl, token: POSTEX_TOKEN, pickupAddressCode: "001" }
        : { enabled, baseUrl: leopards.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD },
  });

describe("GET /api/checkout/cities", () => {
  it("suggests nothing while no courier is connected", async () => {
    expect(await cities()).toEqual([]);
  });

  it("suggests every city the switched-on couriers deliver to, each once, and asks them again only hours later", async () => {
    expect((await connect("postex")).statusCode).toBe(200);
    // PostEx: the delivery cities only (Skardu is pickup-only and not a delivery city).
    expect(await cities()).toEqual(["Karachi", "Lahore", "Multan"]);
    expect((await connect("leopards")).statusCode).toBe(200);
    expect(await cities()).toEqual(["Islamabad", "Karachi", "Lahore", "Multan"]);

    const asked = postex.calls("v2/get-operational-city").length;
    for (let i = 0; i < 5; i++) await cities();
    expect(postex.calls("v2/get-operational-city").length).toBe(asked);
    clock.advance(13 * 60 * 60 * 1000);
    await cities();
    expect(postex.calls("v2/get-operational-city").length).toBe(asked + 1);
  });

  it("keeps the last list when a courier cannot be asked, and never fails the checkout", async () => {
    const before = await cities();
    clock.advance(13 * 60 * 60 * 1000);
    postex.setMode("error");
    try {
      expect(await cities()).toEqual(before);
    } finally {
      postex.setMode("ok");
    }
  });

  it("drops a courier's cities once it is switched off", async () => {
    expect((await connect("leopards", false)).statusCode).toBe(200);
    expect(await cities()).toEqual(["Karachi", "Lahore", "Multan"]);
  });
});
