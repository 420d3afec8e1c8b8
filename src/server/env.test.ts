import { describe, expect, it } from "vitest";
import { readEnv } from "./env.js";

describe("readEnv", () => {
  it("leaves the overload limits to the database's defaults unless they are set", () => {
    const unset = readEnv({});
    expect([unset.MAX_REQUESTS_IN_FLIGHT, unset.MAX_EVENT_LOOP_DELAY_MS]).toEqual([undefined, undefined]);
    const set = readEnv({ MAX_REQUESTS_IN_FLIGHT: "500", MAX_EVENT_LOOP_DELAY_MS: "0" });
    expect([set.MAX_REQUESTS_IN_FLIGHT, set.MAX_EVENT_LOOP_DELAY_MS]).toEqual([500, 0]);
  });

  it("stops with a message naming each bad value", () => {
    expect(() => readEnv({ MAX_REQUESTS_IN_FLIGHT: "many", PORT: "70000" })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}MAX_REQUESTS_IN_FLIGHT: /,
    );
  });
});
