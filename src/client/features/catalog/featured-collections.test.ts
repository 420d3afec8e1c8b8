import { describe, expect, it } from "vitest";
import { collectionTiles } from "./featured-collections";
import { splitHeroTitle } from "./home-hero";
import { cardOf } from "@shared/catalogue/cards.js";
import { makeProduct } from "@shared/schemas/test-products.js";

const image = (id: string) => ({
  id,
  url: `/api/images/${id}`,
  filename: `${id}.webp`,
  mimeType: "image/webp",
  width: 800,
  height: 1000,
  edgeColor: "#eee",
});

describe("collectionTiles", () => {
  const products = [
    makeProduct({ id: 1, category: "formal", images: [image("a"), image("b")] }),
    makeProduct({ id: 2, category: "formal", images: [image("c")] }),
    makeProduct({ id: 3, category: "eveningWear", images: [] }),
  ].map(cardOf);

  it("pictures each category by the first image of its (first) newest product, else nothing (the logo)", () => {
    const tiles = collectionTiles(
      [
        { id: 1, name: "formal", slug: "formal", handle: "formal", description: "" },
        { id: 2, name: "bridal", slug: "bridal", handle: "bridal", description: "" },
      ],
      products,
    );
    expect(tiles).toEqual([
      { slug: "formal", label: "Formal", image: image("a") },
      { slug: "bridal", label: "Bridal", image: undefined },
    ]);
  });

  it("falls back to the products' categories with spaced, capitalised labels", () => {
    expect(collectionTiles(undefined, products).map((t) => t.label)).toEqual(["Formal", "Evening Wear"]);
  });

  it("shows at most six collections", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({
      id: i,
      name: `c${i}`,
      slug: `c${i}`,
      handle: `c${i}`,
      description: "",
    }));
    expect(collectionTiles(many, [])).toHaveLength(6);
  });
});

describe("splitHeroTitle", () => {
  it("breaks the title after its first 8 characters", () => {
    expect(splitHeroTitle("Premium Fashion Collection")).toEqual(["Premium", "Fashion Collection"]);
    expect(splitHeroTitle("Short")).toEqual(["Short", ""]);
  });
});
