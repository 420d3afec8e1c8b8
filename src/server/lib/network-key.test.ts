import { describe, expect, it } from "vitest";
import { networkKey } from "./network-key.js";

describe("networkKey", () => {
  it("keeps an IPv4 address as it is, also when mapped into IPv6", () => {
    expect(networkKey("203.0.113.7")).toBe("203.0.113.7");
    expect(networkKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys every IPv6 address of one /64 the same, whatever its spelling", () => {
    const key = networkKey("2001:db8:aa:1::1");
    expect(networkKey("2001:0db8:00aa:0001:ffff:1:2:3")).toBe(key);
    expect(networkKey("2001:db8:aa:1:0:0:0:9")).toBe(key);
    expect(key).toBe("2001:db8:aa:1::/64");
    expect(networkKey("2001:db8:aa:2::1")).not.toBe(key);
    expect(networkKey("::1")).toBe("0:0:0:0::/64");
  });
});
