import { describe, expect, it } from "vitest";
import { formatRs, toMoneyString } from "./money.js";

describe("money", () => {
  it("formats rupees with thousands separators", () => {
    expect(formatRs("12500.00")).toBe("Rs. 12,500");
    expect(formatRs(0)).toBe("Rs. 0");
  });
  it("keeps two decimals in numeric strings", () => {
    expect(toMoneyString(1999.5)).toBe("1999.50");
  });
});
