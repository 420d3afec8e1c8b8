import { describe, expect, it } from "vitest";
import { addToCartProblem, galleryImages, onlyLeftLabel, unitsLeftOf, variantAvailable } from "./purchase-rules";
import { makeProduct } from "@shared/schemas/test-products.js";

const image = (id: string) => ({
  id,
  url: `/api/images/${id}`,
  filename: "",
  mimeType: "image/webp",
  width: 800,
  height: 1000,
  edgeColor: "#fff",
});
const product = makeProduct({
  sizes: ["S", "M"],
  colors: ["Red", "Blue"],
  colorVariantStock: { Red: true, Blue: false },
  images: [image("main")],
  colorVariantImages: { Red: [image("red1"), image("red2")] },
});

describe("addToCartProblem", () => {
  it("checks product, size, colour and colour stock in the spec's order", () => {
    expect(addToCartProblem(undefined, "", "")).toBe("Product not found");
    expect(addToCartProblem(product, "", "")).toBe("Please select a size");
    expect(addToCartProblem(product, "", "Red")).toBe("Please select a size");
    expect(addToCartProblem(product, "M", "")).toBe("Please select a color");
    expect(addToCartProblem(product, "M", "Blue")).toBe("This color variant is out of stock");
    expect(addToCartProblem(product, "M", "Red")).toBeNull();
  });

  it("does not ask for a size or colour the product does not offer", () => {
    expect(addToCartProblem(makeProduct({ sizes: [], colors: [] }), "", "")).toBeNull();
  });
});

describe("galleryImages", () => {
  it("swaps to the chosen colour's pictures, else keeps the product's", () => {
    expect(galleryImages(product, "Red").map((i) => i.id)).toEqual(["red1", "red2"]);
    expect(galleryImages(product, "Blue").map((i) => i.id)).toEqual(["main"]);
    expect(galleryImages(product, "").map((i) => i.id)).toEqual(["main"]);
  });
});

describe("stock per size and colour on the product page", () => {
  const tracked = {
    sizes: ["S", "M"],
    colors: ["Red", "Blue"],
    variantStock: [
      { size: "S", color: "Red", quantity: 2 },
      { size: "S", color: "Blue", quantity: 0 },
      { size: "M", color: "Red", quantity: 9 },
      { size: "M", color: "Blue", quantity: 0 },
    ],
  };

  it("says Only N left at 5 or fewer, and nothing above or when untracked", () => {
    expect(onlyLeftLabel(unitsLeftOf(tracked, "S", "Red"))).toBe("Only 2 left");
    expect(onlyLeftLabel(unitsLeftOf(tracked, "M", "Red"))).toBeNull();
    expect(onlyLeftLabel(unitsLeftOf({ ...tracked, variantStock: undefined }, "S", "Red"))).toBeNull();
    expect(unitsLeftOf(tracked, "S", "")).toBeNull();
  });

  it("disables a sold-out combination and a colour sold out in every size", () => {
    expect(variantAvailable(tracked, "S", "Blue")).toBe(false);
    expect(variantAvailable(tracked, "", "Blue")).toBe(false);
    expect(variantAvailable(tracked, "S", "")).toBe(true);
  });
});
