import { describe, expect, it } from "vitest";
import { itemLineKey, lineKeyOf } from "./returns.js";

const unstitched = { productId: 7, size: "M", color: "", options: { Make: "Unstitched", Size: "M" } };
const stitched = { productId: 7, size: "M", color: "", options: { Make: "Stitched", Size: "M" } };

describe("lineKeyOf", () => {
  it("tells apart two lines of one size and colour that differ in another option", () => {
    expect(lineKeyOf(unstitched)).not.toBe(lineKeyOf(stitched));
  });

  it("keys a line with only Size and Color as one without options, whatever the spelling or key order", () => {
    const sold = { productId: 7, size: " m ", color: "Red", options: { Color: "Red", Size: "M" } };
    expect(lineKeyOf(sold)).toBe(lineKeyOf({ productId: 7, size: "M", color: "red" }));
    expect(lineKeyOf({ ...unstitched, options: { Size: "M", Make: "unstitched " } })).toBe(lineKeyOf(unstitched));
  });
});

describe("itemLineKey", () => {
  it("finds the line of an item stored without options by its size and colour when only one line has them", () => {
    const old = { productId: 7, size: "M", color: "" };
    expect(itemLineKey(old, [unstitched])).toBe(lineKeyOf(unstitched));
    // Two lines of that size and colour: the old item names neither.
    expect(itemLineKey(old, [unstitched, stitched])).toBe(lineKeyOf(old));
    expect(itemLineKey(stitched, [unstitched, stitched])).toBe(lineKeyOf(stitched));
  });
});
