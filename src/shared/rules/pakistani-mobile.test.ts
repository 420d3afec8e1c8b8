import { describe, expect, it } from "vitest";
import { isPakistaniMobile } from "./pakistani-mobile.js";
import { whatsappNumber } from "./phone.js";

describe("isPakistaniMobile", () => {
  it("accepts a mobile number in each way it is written", () => {
    for (const phone of ["03001234567", "0300-1234567", "+92 300 1234567", "923001234567", "0092 300 1234567"])
      expect(isPakistaniMobile(phone), phone).toBe(true);
  });

  it("accepts a number only when its WhatsApp number is that mobile (one normalisation for both)", () => {
    for (const phone of ["0092 300 1234567", "00 92 0300 1234567", "+92 300 1234567"]) {
      expect(isPakistaniMobile(phone), phone).toBe(true);
      expect(whatsappNumber(phone), phone).toBe("923001234567");
    }
    expect(isPakistaniMobile("0092 300 123456")).toBe(false);
  });

  it("refuses landlines, foreign numbers, and numbers with a digit too many or too few", () => {
    for (const phone of ["042 35761234", "04235761234", "+44 7700 900123", "0300123456", "030012345678", "3001234"])
      expect(isPakistaniMobile(phone), phone).toBe(false);
  });
});
