import { describe, expect, it } from "vitest";
import { itemText, variantText } from "./variant-text";

describe("variantText", () => {
  it("names a variant with options beyond size and colour, Size and Color last", () => {
    expect(variantText({ size: "M", color: "Red", options: { Color: "Red", Size: "M", Make: "Stitched" } })).toBe(
      "Stitched / M / Red",
    );
    expect(variantText({ size: "", color: "", options: { Make: "Unstitched", Pieces: "3" } })).toBe("Unstitched / 3");
  });

  it("leaves a plain size and colour line to today's words", () => {
    expect(variantText({ size: "M", color: "Red", options: { Size: "M", Color: "Red" } })).toBeNull();
    expect(variantText({ size: "M", color: "Red" })).toBeNull();
  });
});

describe("itemText", () => {
  it("says 'Lawn suit: Stitched / M / Red' for a variant and 'Kurta (M / Red)' for a plain line", () => {
    const options = { Make: "Stitched", Size: "M", Color: "Red" };
    expect(itemText({ productName: "Lawn suit", size: "M", color: "Red", options })).toBe(
      "Lawn suit: Stitched / M / Red",
    );
    expect(itemText({ productName: "Kurta", size: "M", color: "Red" })).toBe("Kurta (M / Red)");
    expect(itemText({ productName: "Dupatta", size: "", color: "" })).toBe("Dupatta");
  });
});
