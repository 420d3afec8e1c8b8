import { describe, expect, it } from "vitest";
import { PAKISTANI_MOBILE_MESSAGE } from "../rules/pakistani-mobile.js";
import { checkoutForm, placeOrderInput } from "./orders.js";

const phoneError = (schema: typeof checkoutForm | typeof placeOrderInput, field: string, phone: string) => {
  const result = schema.safeParse({ [field]: phone });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe("the checkout's phone number", () => {
  it("answers a number with too few digits with what to enter and an example", () => {
    for (const phone of ["+92 300 123456", "92 300 12345", "0300 123-45"]) {
      expect(phoneError(checkoutForm, "phone", phone), phone).toBe(PAKISTANI_MOBILE_MESSAGE);
      expect(phoneError(placeOrderInput, "customerPhone", phone), phone).toBe(PAKISTANI_MOBILE_MESSAGE);
    }
    expect(PAKISTANI_MOBILE_MESSAGE).toMatch(/Pakistani mobile number.*0300 1234567/);
  });

  it("keeps the spec's own message for fewer than 10 characters", () => {
    expect(phoneError(checkoutForm, "phone", "0300 1234")).toBe("Phone number must be at least 10 characters");
  });

  it("accepts a mobile number however it is written", () => {
    for (const phone of ["0300 1234567", "+92 300 1234567", "0092 300 1234567"])
      expect(phoneError(checkoutForm, "phone", phone), phone).toBeUndefined();
  });
});
