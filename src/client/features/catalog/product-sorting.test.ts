import { describe, expect, it } from "vitest";
import { categoriesWithFirstProduct, newestPerCategory, sortProducts } from "./product-sorting";
import { makeProduct } from "./test-products";

const older = makeProduct({ id: 1, price: "5000.00", category: "formal", createdAt: "2025-01-01T00:00:00Z" });
const newer = makeProduct({
  id: 2,
  price: "1500.00",
  category: "formal",
  createdAt: "2025-03-01T00:00:00Z",
  featured: 1,
});
const party = makeProduct({ id: 3, price: "9000.00", category: "party", createdAt: "2025-02-01T00:00:00Z" });
const all = [older, newer, party];

describe("sortProducts", () => {
  it("puts the newest first by default order 'newest'", () => {
    expect(sortProducts(all, "newest").map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it("orders by numeric price, low to high and high to low", () => {
    expect(sortProducts(all, "price-asc").map((p) => p.id)).toEqual([2, 1, 3]);
    expect(sortProducts(all, "price-desc").map((p) => p.id)).toEqual([3, 1, 2]);
  });

  it("puts featured products first, then the newest", () => {
    expect(sortProducts(all, "featured").map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it("does not change the list it was given", () => {
    sortProducts(all, "price-desc");
    expect(all.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe("newestPerCategory", () => {
  it("keeps one product per category, the newest", () => {
    expect(newestPerCategory(all).map((p) => p.id)).toEqual([2, 3]);
  });

  it("puts those with a picture first, newest first among each", () => {
    const picture = {
      id: "p",
      url: "/api/images/p",
      filename: "p.webp",
      mimeType: "image/webp",
      width: 800,
      height: 1067,
      edgeColor: "#fff",
    };
    const pictured = (id: number, category: string, createdAt: string) =>
      makeProduct({ id, category, createdAt, images: [picture] });
    const bare = makeProduct({ id: 9, category: "accessories", createdAt: "2025-06-01T00:00:00Z" });
    const list = [pictured(5, "formal", "2025-04-01T00:00:00Z"), bare, pictured(6, "party", "2025-05-01T00:00:00Z")];
    expect(newestPerCategory(list).map((p) => p.id)).toEqual([6, 5, 9]);
  });
});

describe("categoriesWithFirstProduct", () => {
  it("lists each category once with the first product in the list", () => {
    expect(categoriesWithFirstProduct(all).map((c) => [c.category, c.product.id])).toEqual([
      ["formal", 1],
      ["party", 3],
    ]);
  });
});
