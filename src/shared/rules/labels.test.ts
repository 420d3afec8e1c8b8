import { describe, expect, it } from "vitest";
import { categoryLabel, collectionCopy, orderNumber, pluralize, slugify } from "./labels.js";

describe("categoryLabel", () => {
  it("capitalises the first letter and splits camel case", () => {
    expect(categoryLabel("formal")).toBe("Formal");
    expect(categoryLabel("eveningWear")).toBe("Evening Wear");
  });
});

describe("collectionCopy", () => {
  it("knows the four collections and falls back for any other", () => {
    expect(collectionCopy("party")).toEqual({
      title: "Party Collection",
      subtitle: "Glamorous outfits for special celebrations",
    });
    expect(collectionCopy("bridal")).toEqual({ title: "Collection", subtitle: "Discover our premium collection" });
  });
});

describe("slugify, orderNumber and pluralize", () => {
  it("lower-cases slugs and turns spaces into hyphens", () => {
    expect(slugify(" Eid Specials ")).toBe("eid-specials");
  });
  it("shows the first 8 characters of an order id upper-cased", () => {
    expect(orderNumber("3f2a9c1e-0000-4000-8000-000000000000")).toBe("3F2A9C1E");
  });
  it("uses the singular at one", () => {
    expect(pluralize(1, "review")).toBe("1 review");
    expect(pluralize(3, "review")).toBe("3 reviews");
  });
});
