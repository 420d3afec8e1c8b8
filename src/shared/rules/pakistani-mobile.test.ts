import { describe, expect, it } from "vitest";
import { isPakistaniMobile } from "./pakistani-mobile.js";

describe("isPakistaniMobile", () => {
  it("accepts a mobile number in each way it is written", () => {
    for (const phone of ["03001234567", "0300-1234567", "+92 300 1234567", "923001234567", "0092 300 1234567"])
      expect(isPakistaniMobile(phone), phone).toBe(true);
  });

  it("refuses landlines, foreign numbers, and numbers with a digit too many or too few", () => {
    for (const phone of ["042 35761234", "04235761234", "+44 7700 900123", "0300123456", "030012345678", "3001234"])
      expect(isPakistaniMobile(phone), phone).toBe(false);
  });
});
