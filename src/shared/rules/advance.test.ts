import { describe, expect, it } from "vitest";
import { advanceDue, NO_ADVANCE, normalizeAdvanceSetting, readAdvanceRules, readPaymentAccounts } from "./advance.js";

const rs = (n: number) => n * 100;
const order = (total: number, extra: Partial<{ deliveryFee: number; codFee: number; highRisk: boolean }> = {}) => ({
  total: rs(total),
  deliveryFee: rs(extra.deliveryFee ?? 0),
  codFee: rs(extra.codFee ?? 0),
  highRisk: extra.highRisk ?? false,
});

describe("advanceDue", () => {
  it("asks nothing without a rule", () => {
    expect(advanceDue(NO_ADVANCE, order(50_000, { highRisk: true, deliveryFee: 250 }))).toBe(0);
  });

  it("asks the percentage of a total at or above the threshold, rounded up to the rupee", () => {
    const rules = { ...NO_ADVANCE, overTotal: 10_000, percent: 33 };
    expect(advanceDue(rules, order(10_001))).toBe(rs(3301)); // 3,300.33 → 3,301
    expect(advanceDue(rules, order(10_000))).toBe(rs(3300));
    expect(advanceDue(rules, order(9_999))).toBe(0);
  });

  it("asks high-risk orders only when the owner says so", () => {
    const rules = { ...NO_ADVANCE, percent: 50 };
    expect(advanceDue(rules, order(3_000, { highRisk: true }))).toBe(0);
    expect(advanceDue({ ...rules, highRisk: true }, order(3_000, { highRisk: true }))).toBe(rs(1_500));
    expect(advanceDue({ ...rules, highRisk: true }, order(3_000))).toBe(0);
  });

  it("takes the largest rule, and never more than the total", () => {
    const rules = { overTotal: 5_000, percent: 10, highRisk: false, deliveryFee: true };
    expect(advanceDue(rules, order(6_000, { deliveryFee: 250, codFee: 50 }))).toBe(rs(600));
    expect(advanceDue(rules, order(2_000, { deliveryFee: 250, codFee: 50 }))).toBe(rs(300));
    expect(advanceDue({ ...rules, overTotal: 0, percent: 100 }, order(0))).toBe(0);
  });
});

describe("advance settings", () => {
  it("normalizes good values and names the setting in each refusal", () => {
    expect(normalizeAdvanceSetting("advance_percent", " 40 ")).toEqual({ value: "40" });
    expect(normalizeAdvanceSetting("advance_percent", "")).toEqual({ value: "" });
    expect(normalizeAdvanceSetting("advance_high_risk", true)).toEqual({ value: "1" });
    expect(normalizeAdvanceSetting("advance_delivery_fee", "0")).toEqual({ value: "" });
    for (const [key, value] of [
      ["advance_percent", "0"],
      ["advance_over_total", "-5"],
      ["advance_high_risk", "maybe"],
      ["payment_accounts", [{ method: "bank", title: "x", account: "" }]],
    ] as const) {
      const out = normalizeAdvanceSetting(key, value);
      expect("problem" in out && out.problem).toContain(key);
    }
  });

  it("reads what is stored, treating the unreadable as no rule", () => {
    expect(readAdvanceRules({})).toEqual(NO_ADVANCE);
    expect(readAdvanceRules({ advance_over_total: "9000", advance_percent: "oops", advance_high_risk: "1" })).toEqual({
      overTotal: 9000,
      percent: 100,
      highRisk: true,
      deliveryFee: false,
    });
    const list = [{ method: "raast", title: "Zaiba", account: "ZAIBA01" }];
    expect(readPaymentAccounts(JSON.stringify(list))).toEqual(list);
    expect(readPaymentAccounts("not json")).toEqual([]);
  });
});
