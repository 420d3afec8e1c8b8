import { describe, expect, it } from "vitest";
import { metaVariantId, wellFormedFbc, wellFormedFbp } from "./meta-ads.js";

describe("Meta's cookies", () => {
  it("keeps _fbp and _fbc values of the documented shape and drops anything else", () => {
    expect(wellFormedFbp("fb.1.1596403881668.1116446470")).toBe("fb.1.1596403881668.1116446470");
    expect(wellFormedFbc("fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890")).toBe(
      "fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890",
    );
    for (const bad of ["", "fb.1.abc.123", "fb.9.1596403881668.1", "<script>", "fb.1.1596403881668.1 ; x=1"])
      expect([wellFormedFbp(bad), wellFormedFbc(bad)]).toEqual([null, null]);
    expect(wellFormedFbc(`fb.1.1554763741205.${"a".repeat(501)}`)).toBeNull();
    expect(wellFormedFbp(undefined)).toBeNull();
  });
});

describe("metaVariantId", () => {
  it("names a size × colour by the product id and the variant's words, at most 50 characters", () => {
    expect(metaVariantId(12, "M", "Sea Green")).toBe("12_m_sea-green");
    expect(metaVariantId(12, "", "")).toBe("12");
    expect(metaVariantId(12, "Free Size", "")).toBe("12_free-size");
    expect(metaVariantId(12, "XL", "Very ".repeat(20)).length).toBe(50);
    expect(metaVariantId(12, "S", "Red")).not.toBe(metaVariantId(12, "M", "Red"));
  });
});
