import { describe, expect, it } from "vitest";
import { makeProduct } from "@shared/schemas/test-products.js";
import {
  choicesOf,
  choose,
  chosenVariant,
  optionStates,
  productOptions,
  productVariants,
  shownPrice,
  type ProductOption,
  type VariantProduct,
} from "./variant-choice";
import { pricedFrom } from "@shared/catalogue/priced-from.js";

/** A lawn print: Unstitched (no size) at 4,990, Stitched in S and M at 6,490; Stitched M Red sold out. */
const options: ProductOption[] = [
  { name: "Make", values: ["Unstitched", "Stitched"] },
  { name: "Size", values: ["S", "M"] },
  { name: "Color", values: ["Red", "Green"] },
];
let nextId = 1;
const v = (
  o: Record<string, string>,
  price: string,
  available = true,
  extra: { stock?: number; imageId?: string } = {},
) => ({
  id: nextId++,
  options: o,
  price,
  originalPrice: null,
  sku: null,
  available,
  ...extra,
});
const variants = [
  v({ Make: "Unstitched", Size: "", Color: "Red" }, "4990.00"),
  v({ Make: "Unstitched", Size: "", Color: "Green" }, "4990.00"),
  v({ Make: "Stitched", Size: "S", Color: "Red" }, "6490.00"),
  v({ Make: "Stitched", Size: "M", Color: "Red" }, "6490.00", false),
  v({ Make: "Stitched", Size: "M", Color: "Green" }, "6490.00", true, { stock: 2, imageId: "green-m" }),
];
const names = (choices: Record<string, string>) =>
  optionStates(options, variants, choices).map((s) => `${s.name}: ${s.values.map((x) => x.value).join(",")}`);

describe("optionStates", () => {
  it("offers an option only where a sold variant has it, and only values sold with the choices before it", () => {
    expect(names({})).toEqual(["Make: Unstitched,Stitched", "Size: S,M", "Color: Red,Green"]);
    expect(names({ Make: "Unstitched" })).toEqual(["Make: Unstitched,Stitched", "Color: Red,Green"]);
    expect(names({ Make: "Stitched", Size: "S" })).toEqual(["Make: Unstitched,Stitched", "Size: S,M", "Color: Red"]);
  });

  it("disables a value sold out next to the other choices, saying why", () => {
    const color = optionStates(options, variants, { Make: "Stitched", Size: "M" }).find((s) => s.name === "Color")!;
    expect(color.values).toEqual([
      { value: "Red", available: false, reason: "Sold out in this make and size" },
      { value: "Green", available: true },
    ]);
  });

  it("says Out of Stock for a value sold out everywhere", () => {
    const sold = variants.map((x) => (x.options.Color === "Green" ? { ...x, available: false } : x));
    const color = optionStates(options, sold, {}).find((s) => s.name === "Color")!;
    expect(color.values[1]).toEqual({ value: "Green", available: false, reason: "Out of Stock" });
  });
});

describe("choosing", () => {
  it("drops later choices that the new one does not sell, and names the variant once all are made", () => {
    const stitched = choose(options, variants, { Make: "Stitched", Size: "M", Color: "Green" }, "Make", "Unstitched");
    expect(stitched).toEqual({ Make: "Unstitched", Color: "Green" });
    const states = optionStates(options, variants, stitched);
    expect(chosenVariant(states, variants, stitched)?.id).toBe(2);
    expect(chosenVariant(states, variants, { Make: "Unstitched" })).toBeNull();
  });

  it("opens on the variant an address names, and on nothing for another product's", () => {
    expect(choicesOf(variants, 5)).toEqual({ Make: "Stitched", Size: "M", Color: "Green" });
    expect(choicesOf(variants, 999)).toEqual({});
    expect(choicesOf(variants, null)).toEqual({});
  });
});

describe("prices", () => {
  it("shows the chosen variant's price, the common price of those open, else the lowest as From", () => {
    expect(shownPrice(variants, {})).toEqual({ price: "4990.00", originalPrice: null, from: true });
    expect(shownPrice(variants, { Make: "Stitched" })).toEqual({ price: "6490.00", originalPrice: null, from: false });
    expect(shownPrice(variants, { Make: "Unstitched", Color: "Red" })?.from).toBe(false);
  });

  it("says From on a card only when the variants differ in price", () => {
    const product: VariantProduct = { ...makeProduct(), options, variants, price: "4990.00" };
    expect(pricedFrom(product)).toBe(true);
    expect(pricedFrom(makeProduct())).toBe(false);
  });
});

describe("a product with sizes and colours only", () => {
  const product = makeProduct({
    sizes: ["M", "L"],
    colors: ["Red", "Blue"],
    variantStock: [
      { size: "M", color: "Red", quantity: 2 },
      { size: "L", color: "Red", quantity: 8 },
    ],
  });

  it("reads as the Size and Color options, counted stock deciding what is on sale", () => {
    expect(productOptions(product).map((o) => o.name)).toEqual(["Size", "Color"]);
    const all = productVariants(product);
    const states = optionStates(productOptions(product), all, { Size: "M" });
    expect(states[1].values).toEqual([
      { value: "Red", available: true },
      { value: "Blue", available: false, reason: "Out of Stock" },
    ]);
    expect(chosenVariant(states, all, { Size: "M", Color: "Red" })?.stock).toBe(2);
  });
});
