import { describe, expect, it } from "vitest";
import { productsQueryString } from "./catalog-api";
import { activeFilterCount, readShopState, toggleValue, writeShopState } from "./shop-filters-state";

describe("shop state in the URL", () => {
  it("reads repeated filters, the price range, sort and view", () => {
    const state = readShopState(
      new URLSearchParams(
        "category=formal&category=party&priceRange=3000-6000&sizes=M&colors=Red&sort=price-asc&view=list",
      ),
    );
    expect(state).toEqual({
      filters: { category: ["formal", "party"], priceRange: "3000-6000", f: ["Size:M", "Color:Red"] },
      sort: "price-asc",
      view: "list",
      page: 1,
    });
  });

  it("reads the page, and treats a missing, zero, negative or broken page as the first", () => {
    expect(readShopState(new URLSearchParams("page=3")).page).toBe(3);
    for (const bad of ["", "page=0", "page=-2", "page=1.5", "page=abc"])
      expect(readShopState(new URLSearchParams(bad)).page).toBe(1);
  });

  it("ignores unknown price ranges and sort orders and defaults to newest in a grid", () => {
    const state = readShopState(new URLSearchParams("priceRange=cheap&sort=random"));
    expect(state.filters.priceRange).toBeUndefined();
    expect(state.sort).toBe("newest");
    expect(state.view).toBe("grid");
  });

  it("reads facet filters, ignoring ones without a name or value, and writes old size and colour links as facets", () => {
    const state = readShopState(new URLSearchParams("f=Fabric:Lawn&f=Lawn&f=Fabric:&f=Fabric:Lawn&colors=Blue"));
    expect(state.filters.f).toEqual(["Fabric:Lawn", "Color:Blue"]);
    expect(writeShopState(state).toString()).toBe("f=Fabric%3ALawn&f=Color%3ABlue");
  });

  it("writes back what it read, leaving defaults out", () => {
    const qs = "category=formal&priceRange=6000%2B&f=Color%3ABlue&sort=featured&page=2";
    expect(writeShopState(readShopState(new URLSearchParams(qs))).toString()).toBe(qs);
    expect(writeShopState(readShopState(new URLSearchParams(""))).toString()).toBe("");
  });

  it("counts active filters", () => {
    expect(
      activeFilterCount(readShopState(new URLSearchParams("category=a&category=b&priceRange=0-3000")).filters),
    ).toBe(3);
  });
});

describe("toggleValue", () => {
  it("adds a missing value and removes a present one", () => {
    expect(toggleValue(["Red"], "Blue")).toEqual(["Red", "Blue"]);
    expect(toggleValue(["Red", "Blue"], "Red")).toEqual(["Blue"]);
  });
});

describe("productsQueryString", () => {
  it("repeats list parameters as GET /api/products expects", () => {
    expect(productsQueryString({ category: ["party", "formal"], sizes: ["M"], colors: [], priceRange: "0-3000" })).toBe(
      "?category=formal&category=party&priceRange=0-3000&sizes=M",
    );
  });

  it("is empty without filters and trims the search text", () => {
    expect(productsQueryString({})).toBe("");
    expect(productsQueryString({ q: "  silk " })).toBe("?q=silk");
  });
});
