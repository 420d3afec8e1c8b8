import { describe, expect, it } from "vitest";
import { makeProduct } from "@shared/schemas/test-products.js";
import { buildProductForm, emptyDraft, type ProductDraft } from "./product-draft";
import { fieldError } from "./field-errors";
import {
  bulkEdit,
  draftOptions,
  generateVariants,
  rowLabel,
  usesVariants,
  variantsDraftOf,
  type VariantsDraft,
} from "./variant-draft";

const lawn: VariantsDraft = {
  options: [
    { name: "Make", values: "Unstitched, Stitched" },
    { name: "Size", values: "S, M,, S" },
    { name: " ", values: "" },
  ],
  variants: [],
  counted: false,
};

describe("generateVariants", () => {
  it("makes every combination in option order, at the product's price", () => {
    const options = draftOptions(lawn);
    expect(options).toEqual([
      { name: "Make", values: ["Unstitched", "Stitched"] },
      { name: "Size", values: ["S", "M"] },
    ]);
    const rows = generateVariants(options, [], { price: "4990", originalPrice: "" });
    expect(rows.map((r) => rowLabel(options, r.options))).toEqual([
      "Unstitched / S",
      "Unstitched / M",
      "Stitched / S",
      "Stitched / M",
    ]);
    expect(rows.every((r) => r.price === "4990" && r.sku === "")).toBe(true);
  });

  it("keeps what was typed for a combination already in the table", () => {
    const options = draftOptions(lawn);
    const first = generateVariants(options, [], { price: "4990", originalPrice: "" });
    const typed = [{ ...first[3], id: 7, price: "6490", sku: "LAWN-ST-M" }];
    const again = generateVariants(options, typed, { price: "1", originalPrice: "" });
    expect(again[3]).toMatchObject({ id: 7, price: "6490", sku: "LAWN-ST-M" });
    expect(again[0].price).toBe("1");
  });
});

describe("bulkEdit", () => {
  it("sets a field of every variant with an option's value, or of all", () => {
    const options = draftOptions(lawn);
    const rows = generateVariants(options, [], { price: "4990", originalPrice: "" });
    const stitched = bulkEdit(rows, { name: "Make", value: "Stitched" }, "price", " 6490 ");
    expect(stitched.map((r) => r.price)).toEqual(["4990", "4990", "6490", "6490"]);
    expect(bulkEdit(stitched, null, "originalPrice", "7000").every((r) => r.originalPrice === "7000")).toBe(true);
  });
});

describe("the product form with options", () => {
  it("sends options, variants, sizes and colours from them, and the lowest price as the product's", () => {
    const variants: VariantsDraft = {
      options: [
        { name: "Make", values: "Unstitched, Stitched" },
        { name: "Color", values: "Red" },
      ],
      variants: [
        {
          options: { Make: "Unstitched", Color: "Red" },
          price: "4990",
          originalPrice: "",
          sku: "",
          stock: "",
          imageId: "",
        },
        {
          id: 3,
          options: { Make: "Stitched", Color: "Red" },
          price: "6490",
          originalPrice: "7000",
          sku: " ST ",
          stock: "4",
          imageId: "img1",
        },
      ],
      counted: true,
    };
    const draft: ProductDraft = { ...emptyDraft("formal"), name: "Lawn", price: "9999", colors: "Red", variants };
    const data = JSON.parse(buildProductForm(draft, "formal").get("productData") as string);
    expect(data).toMatchObject({
      price: "4990",
      sizes: [],
      colors: ["Red"],
      options: [
        { name: "Make", values: ["Unstitched", "Stitched"] },
        { name: "Color", values: ["Red"] },
      ],
      variants: [
        {
          options: { Make: "Unstitched", Color: "Red" },
          price: "4990",
          originalPrice: null,
          sku: "",
          imageId: null,
          stock: 0,
        },
        {
          id: 3,
          options: { Make: "Stitched", Color: "Red" },
          price: "6490",
          originalPrice: "7000",
          sku: "ST",
          imageId: "img1",
          stock: 4,
        },
      ],
    });
    expect(data).not.toHaveProperty("variantStock");
    const uncounted = JSON.parse(
      buildProductForm({ ...draft, variants: { ...variants, counted: false } }, "formal").get("productData") as string,
    );
    expect(uncounted.variantStock).toBeNull();
    expect(uncounted.variants[1]).not.toHaveProperty("stock");
  });

  it("opens a plain size × colour product without the options editor, and one with its own prices with it", () => {
    const plain = makeProduct({ sizes: ["S"], colors: ["Red", "Blue"] });
    let id = 0;
    const variant = (Color: string, price: string) => ({
      id: ++id,
      options: { Size: "S", Color },
      price,
      originalPrice: null,
      sku: null,
      available: true,
    });
    const options = [
      { name: "Size", values: ["S"] },
      { name: "Color", values: ["Red", "Blue"] },
    ];
    expect(usesVariants(plain)).toBe(false);
    expect(usesVariants({ ...plain, options, variants: [variant("Red", "100"), variant("Blue", "100")] })).toBe(false);
    expect(usesVariants({ ...plain, options, variants: [variant("Red", "100"), variant("Blue", "120")] })).toBe(true);
    expect(usesVariants({ ...plain, options, variants: [variant("Red", "100")] })).toBe(true);
    expect(variantsDraftOf({ ...plain, options, variants: [variant("Red", "100")] }).options[1]).toEqual({
      name: "Color",
      values: "Red, Blue",
    });
  });
});

describe("fieldError", () => {
  it("finds the server's message for a field or anything under it", () => {
    const errors = {
      "variants.1.price": "A variant needs a price",
      "options.0.values.2": "Stitched is used by no variant",
    };
    expect(fieldError(errors, "variants.1.price")).toBe("A variant needs a price");
    expect(fieldError(errors, "options.0.values")).toBe("Stitched is used by no variant");
    expect(fieldError(errors, "variants.0.price")).toBeUndefined();
  });
});
