import { describe, expect, it } from "vitest";
import {
  chosenValues,
  combinations,
  itemLabel,
  optionsFromSizesAndColors,
  optionsKey,
  variantLabel,
  variantProblems,
  type ProductOption,
} from "./variants.js";

const lawn: ProductOption[] = [
  { name: "Make", values: ["Unstitched", "Stitched"] },
  { name: "Size", values: ["S", "M"] },
  { name: "Color", values: ["Red"] },
];

describe("variantLabel", () => {
  it("names a variant by its values in the product's option order", () => {
    expect(variantLabel({ Color: "Red", Size: "M", Make: "Stitched" }, ["Make", "Size", "Color"])).toBe(
      "Stitched / M / Red",
    );
    expect(itemLabel("Lawn suit", { Make: "Stitched", Size: "M", Color: "Red" }, ["Make", "Size", "Color"])).toBe(
      "Lawn suit: Stitched / M / Red",
    );
  });

  it("without the order, puts Size and Color last as today's labels do, and skips empty values", () => {
    expect(variantLabel({ Color: "Red", Make: "Stitched", Size: "M" })).toBe("Stitched / M / Red");
    expect(variantLabel({ Color: "Red", Size: "" })).toBe("Red");
    expect(itemLabel("Silk dupatta", {})).toBe("Silk dupatta");
  });
});

describe("chosenValues", () => {
  it("says a line's choice as today for size and colour, and with every option of a variant", () => {
    expect(chosenValues({ size: "M", color: "Red" })).toBe("M, Red");
    expect(chosenValues({ size: "M", color: "Red", options: { Color: "Red", Size: "M" } })).toBe("M, Red");
    expect(chosenValues({ size: "M", color: "", options: { Size: "M", Make: "Stitched" } })).toBe("Stitched, M");
    expect(chosenValues({ size: "", color: "", options: {} })).toBe("");
  });
});

describe("combinations and options from sizes and colours", () => {
  it("makes Size then Color, each only when it has values, and every combination first option slowest", () => {
    expect(optionsFromSizesAndColors(["S", "M"], [])).toEqual([{ name: "Size", values: ["S", "M"] }]);
    expect(optionsFromSizesAndColors([], [])).toEqual([]);
    expect(combinations(optionsFromSizesAndColors(["S", "M"], ["Red", "Blue"]))).toEqual([
      { Size: "S", Color: "Red" },
      { Size: "S", Color: "Blue" },
      { Size: "M", Color: "Red" },
      { Size: "M", Color: "Blue" },
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it("keys a combination the same whatever the order of its keys", () => {
    expect(optionsKey(lawn, { Color: "Red", Size: "M", Make: "Stitched" })).toBe(
      optionsKey(lawn, { Make: "Stitched", Size: "M", Color: "Red" }),
    );
  });
});

describe("variantProblems", () => {
  const stitched = (size: string, extra: object = {}) => ({
    options: { Make: "Stitched", Size: size, Color: "Red" },
    price: "6490",
    ...extra,
  });
  const unstitched = { options: { Make: "Unstitched", Size: "S", Color: "Red" }, price: "4990" };

  it("accepts options whose every value some variant uses, with combinations left out", () => {
    expect(variantProblems(lawn, [unstitched, stitched("S"), stitched("M")])).toEqual([]);
    expect(variantProblems([], [{ options: {}, price: "1990" }])).toEqual([]);
  });

  it("names each field that is wrong, with what to do", () => {
    const problems = variantProblems(
      [...lawn, { name: "Pieces", values: ["2", "3"] }],
      [
        { ...stitched("S"), price: "" },
        stitched("M", { sku: "LWN-1" }),
        { options: { Make: "Stitched", Size: "M" }, price: "1", sku: "LWN-1" },
      ],
    );
    const fields = problems.map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "options",
        "variants.0.price",
        "variants.2.options",
        "variants.2.sku",
        "options.0.values",
      ]),
    );
    expect(problems.find((p) => p.field === "options")?.message).toMatch(/at most 3 options/);
    expect(problems.find((p) => p.field === "variants.0.price")?.message).toMatch(/Give this variant a price/);
    expect(problems.find((p) => p.field === "variants.2.sku")?.message).toMatch(/LWN-1 is already variant 2's/);
    expect(problems.find((p) => p.field === "options.0.values")?.message).toMatch(/No variant is Unstitched/);
  });

  it("refuses the same combination twice and a value the option does not list", () => {
    const problems = variantProblems(lawn, [unstitched, stitched("S"), stitched("S"), stitched("XL"), stitched("M")]);
    expect(problems).toEqual([
      { field: "variants.2.options", message: "Variant 2 is already Stitched / S / Red" },
      { field: "variants.3.options", message: expect.stringMatching(/one listed value for each.*Make, Size, Color/) },
    ]);
  });
});
