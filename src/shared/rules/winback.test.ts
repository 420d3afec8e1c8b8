import { describe, expect, it } from "vitest";
import { isOptOut, normalizeWinbackSetting, winbackNumber } from "./winback.js";

describe("the win-back settings", () => {
  it("take whole numbers in range, and empty only where empty means off", () => {
    expect(normalizeWinbackSetting("whatsapp_daily_limit", " 1000 ")).toEqual({ value: "1000" });
    expect(normalizeWinbackSetting("whatsapp_daily_limit", 250)).toEqual({ value: "250" });
    expect(normalizeWinbackSetting("abandoned_checkout_after_minutes", "")).toEqual({ value: "" });
    expect(normalizeWinbackSetting("whatsapp_daily_limit", "")).toHaveProperty("problem");
    expect(normalizeWinbackSetting("back_in_stock_per_unit", "0")).toHaveProperty("problem");
    expect(normalizeWinbackSetting("back_in_stock_per_unit", "2.5")).toHaveProperty("problem");
    expect(normalizeWinbackSetting("abandoned_checkout_second_after_hours", "1000")).toEqual({
      problem: "abandoned_checkout_second_after_hours must be a whole number from 1 to 168, or empty to switch it off",
    });
  });

  it("read as numbers: the default when unset, null when off, a stored JSON number as itself", () => {
    expect(winbackNumber("whatsapp_daily_limit", undefined)).toBe(250);
    expect(winbackNumber("back_in_stock_per_unit", null)).toBe(3);
    expect(winbackNumber("abandoned_checkout_after_minutes", undefined)).toBeNull();
    expect(winbackNumber("abandoned_checkout_after_minutes", 30)).toBe(30);
  });
});

describe("an opt-out", () => {
  it("is STOP in any case, or the opt-out button's words, and nothing else", () => {
    for (const text of ["STOP", "stop", " Stop ", "Stop promotions", "unsubscribe"]) expect(isOptOut(text)).toBe(true);
    for (const text of ["", "please stop calling", "STOPPED", "Confirm order"]) expect(isOptOut(text)).toBe(false);
  });
});
