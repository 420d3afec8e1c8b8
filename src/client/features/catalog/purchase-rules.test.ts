import { describe, expect, it } from "vitest";
import { addToCartProblem, galleryImages, onlyLeftLabel } from "./purchase-rules";
import { chosenVariant, optionStates, productOptions, productVariants, type Choices } from "./variant-choice";
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
  images: [image("main"), image("back")],
  colorVariantImages: { Red: [image("red1"), image("red2")] },
});

/** The page's own check for a choice of this product. */
function problemOf(p: typeof product, choices: Choices) {
  const options = productOptions(p);
  const variants = productVariants(p);
  const states = optionStates(options, variants, choices);
  return addToCartProblem(states, choices, chosenVariant(states, variants, choices));
}

describe("addToCartProblem", () => {
  it("asks for the size, then the colour, in the spec's words and order", () => {
    expect(problemOf(product, {})).toBe("Please select a size");
    expect(problemOf(product, { Color: "Red" })).toBe("Please select a size");
    expect(problemOf(product, { Size: "M" })).toBe("Please select a color");
    expect(problemOf(product, { Size: "M", Color: "Blue" })).toBe("This choice is sold out");
    expect(problemOf(product, { Size: "M", Color: "Red" })).toBeNull();
  });

  it("does not ask for a size or colour the product does not offer", () => {
    expect(problemOf(makeProduct({ sizes: [], colors: [] }), {})).toBeNull();
  });
});

describe("galleryImages", () => {
  it("swaps to the chosen colour's pictures, else keeps the product's", () => {
    expect(galleryImages(product, "Red").map((i) => i.id)).toEqual(["red1", "red2"]);
    expect(galleryImages(product, "Blue").map((i) => i.id)).toEqual(["main", "back"]);
    expect(galleryImages(product, "").map((i) => i.id)).toEqual(["main", "back"]);
  });

  it("holds the chosen variant's own picture, first when the gallery did not have it", () => {
    expect(galleryImages(product, "", "back").map((i) => i.id)).toEqual(["main", "back"]);
    expect(galleryImages(product, "Red", "back").map((i) => i.id)).toEqual(["back", "red1", "red2"]);
    expect(galleryImages(product, "", "gone").map((i) => i.id)).toEqual(["main", "back"]);
  });
});

describe("onlyLeftLabel", () => {
  it("says Only N left at 5 or fewer, and nothing above or when untracked", () => {
    expect(onlyLeftLabel(2)).toBe("Only 2 left");
    expect(onlyLeftLabel(5)).toBe("Only 5 left");
    expect(onlyLeftLabel(9)).toBeNull();
    expect(onlyLeftLabel(0)).toBeNull();
    expect(onlyLeftLabel(null)).toBeNull();
    expect(onlyLeftLabel(undefined)).toBeNull();
  });
});
