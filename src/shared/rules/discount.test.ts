import { describe, expect, it } from "vitest";
import { discountPercent } from "./discount.js";

describe("discountPercent", () => {
  it("rounds (original - price) / original * 100", () => {
    expect(discountPercent("2500", "3000")).toBe(17);
    expect(discountPercent(1500, 2000)).toBe(25);
  });
  it("is null unless the original price is higher", () => {
    expect(discountPercent("3000", "3000")).toBeNull();
    expect(discountPercent("3000", "2000")).toBeNull();
    expect(discountPercent("3000", null)).toBeNull();
    expect(discountPercent("3000", "")).toBeNull();
  });
});
