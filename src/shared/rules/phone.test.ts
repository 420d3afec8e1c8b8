import { describe, expect, it } from "vitest";
import { normalizePhone, phoneKey, phonesMatch, whatsappNumber } from "./phone.js";

describe("normalizePhone", () => {
  it("keeps digits and drops one leading 92", () => {
    expect(normalizePhone("+92 300 1234567")).toBe("3001234567");
    expect(normalizePhone("923001234567")).toBe("3001234567");
    expect(normalizePhone("0300-1234567")).toBe("03001234567");
  });

  it("reads a number dialled from abroad (0092…) as the same number as +92…", () => {
    expect(normalizePhone("0092 300 1234567")).toBe("3001234567");
    expect(normalizePhone("00-92-300-1234567")).toBe("3001234567");
  });
});

describe("phonesMatch", () => {
  it("matches the three ways a Pakistani number is written", () => {
    expect(phonesMatch("+92 300 1234567", "03001234567")).toBe(true);
    expect(phonesMatch("923001234567", "0300 1234567")).toBe(true);
  });
  it("does not match another number or an empty one", () => {
    expect(phonesMatch("03001234567", "03001234568")).toBe(false);
    expect(phonesMatch("", "03001234567")).toBe(false);
  });
});

describe("phoneKey and whatsappNumber", () => {
  it("gives one key for every spelling and a 92-prefixed WhatsApp number", () => {
    const spellings = ["+92 300 1234567", "03001234567", "923001234567"];
    expect(new Set(spellings.map(phoneKey))).toEqual(new Set(["3001234567"]));
    expect(whatsappNumber("0300-1234567")).toBe("923001234567");
  });

  it("sends WhatsApp to the number validation accepted, whichever way it was written", () => {
    for (const phone of ["0092 300 1234567", "+92 300 1234567", "923001234567", "03001234567", "+92 0300 1234567"]) {
      expect(whatsappNumber(phone), phone).toBe("923001234567");
      expect(phoneKey(phone), phone).toBe("3001234567");
    }
    expect(phonesMatch("0092 300 1234567", "0300 1234567")).toBe(true);
  });
});
