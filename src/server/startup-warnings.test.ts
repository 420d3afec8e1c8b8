import { describe, expect, it } from "vitest";
import { readEnv } from "./env.js";
import { startupWarnings } from "./startup-warnings.js";

describe("startupWarnings", () => {
  it("warns when a storefront is served without PUBLIC_URL, naming what to set", () => {
    const [warning] = startupWarnings(readEnv({}));
    expect(warning).toMatch(/PUBLIC_URL is not set/);
    expect(warning).toMatch(/Set PUBLIC_URL to the store's address, for example PUBLIC_URL=https:\/\//);
    expect(startupWarnings(readEnv({ PUBLIC_URL: "https://shop.example.pk" }))).toEqual([]);
    // An API-only server makes no page and no link.
    expect(startupWarnings(readEnv({ SERVE_CLIENT: "0" }))).toEqual([]);
  });

  it("warns when a hop count is trusted on an address clients can reach directly, naming the proxy's address as the fix", () => {
    const env = { PUBLIC_URL: "https://shop.example.pk" };
    const [warning] = startupWarnings(readEnv({ ...env, TRUST_PROXY: "1", HOST: "0.0.0.0" }));
    expect(warning).toMatch(/TRUST_PROXY=1 trusts X-Forwarded-For from whoever connects/);
    expect(warning).toMatch(/Set TRUST_PROXY to the proxy's address\(es\) instead/);
    // HOST defaults to every interface.
    expect(startupWarnings(readEnv({ ...env, TRUST_PROXY: "2" }))).toHaveLength(1);
    for (const safe of [
      { TRUST_PROXY: "1", HOST: "127.0.0.1" },
      { TRUST_PROXY: "1", HOST: "::1" },
      { TRUST_PROXY: "10.0.0.5", HOST: "0.0.0.0" },
      { TRUST_PROXY: "0", HOST: "0.0.0.0" },
    ])
      expect(startupWarnings(readEnv({ ...env, ...safe })), JSON.stringify(safe)).toEqual([]);
  });
});
