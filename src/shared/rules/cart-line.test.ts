import { describe, expect, it } from "vitest";
import { cartGroupKey, sameCartLine } from "./cart-line.js";

describe("sameCartLine", () => {
  it("compares productId, size and colour as trimmed strings", () => {
    expect(sameCartLine({ productId: 3, size: "M ", color: " Red" }, { productId: "3", size: "M", color: "Red" })).toBe(
      true,
    );
  });
  it("tells different sizes or colours apart", () => {
    expect(sameCartLine({ productId: 3, size: "M", color: "Red" }, { productId: 3, size: "L", color: "Red" })).toBe(
      false,
    );
    expect(sameCartLine({ productId: 3, size: "M", color: "Red" }, { productId: 3, size: "M", color: "Blue" })).toBe(
      false,
    );
  });
});

describe("cartGroupKey", () => {
  it("also separates lines whose selected image differs", () => {
    const a = { productId: 1, size: "S", color: "Red", selectedImage: '{"id":"a"}' };
    expect(cartGroupKey(a)).toBe(cartGroupKey({ ...a }));
    expect(cartGroupKey(a)).not.toBe(cartGroupKey({ ...a, selectedImage: '{"id":"b"}' }));
  });
});
