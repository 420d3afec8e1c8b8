import { describe, expect, it } from "vitest";
import { readEnv } from "./env.js";

describe("readEnv", () => {
  it("leaves the overload limits to the database's defaults unless they are set", () => {
    const unset = readEnv({});
    expect([unset.MAX_REQUESTS_IN_FLIGHT, unset.MAX_EVENT_LOOP_DELAY_MS, unset.MIN_BODY_BYTES_PER_SECOND]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const set = readEnv({
      MAX_REQUESTS_IN_FLIGHT: "500",
      MAX_EVENT_LOOP_DELAY_MS: "0",
      MIN_BODY_BYTES_PER_SECOND: "512",
    });
    expect([set.MAX_REQUESTS_IN_FLIGHT, set.MAX_EVENT_LOOP_DELAY_MS, set.MIN_BODY_BYTES_PER_SECOND]).toEqual([
      500, 0, 512,
    ]);
  });

  it("stops with a message naming each bad value", () => {
    expect(() => readEnv({ MAX_REQUESTS_IN_FLIGHT: "many", PORT: "70000" })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}MAX_REQUESTS_IN_FLIGHT: /,
    );
  });

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses, never as trust-everything", () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
    ]);
    expect(() => readEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => readEnv({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/"10.0.0.0\/99" is neither/);
  });

  it("takes PUBLIC_URL as an http(s) origin without a trailing slash, and refuses anything else by name", () => {
    expect(readEnv({ PUBLIC_URL: "https://shop.example.pk/" }).PUBLIC_URL).toBe("https://shop.example.pk");
    expect(readEnv({}).PUBLIC_URL).toBeUndefined();
    expect(() => readEnv({ PUBLIC_URL: "shop.example.pk" })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });
});
