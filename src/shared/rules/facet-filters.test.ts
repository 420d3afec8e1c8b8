import { describe, expect, it } from "vitest";
import { compareFacetValues, groupFacetFilters, splitFacetToken, toggleFacetFilter } from "./facet-filters.js";

describe("facet filters", () => {
  it("splits at the first colon and refuses a token without a name or a value", () => {
    expect(splitFacetToken("Fabric:Lawn")).toEqual(["Fabric", "Lawn"]);
    expect(splitFacetToken("Note:a:b")).toEqual(["Note", "a:b"]);
    for (const bad of ["Lawn", ":Lawn", "Fabric:", ""]) expect(splitFacetToken(bad)).toBeNull();
  });

  it("groups the chosen values by name, in the order first named, without repeats", () => {
    const groups = groupFacetFilters(["Size:M", "Fabric:Lawn", "Size:L", "Size:M", "junk"]);
    expect([...groups]).toEqual([
      ["Size", ["M", "L"]],
      ["Fabric", ["Lawn"]],
    ]);
  });

  it("toggles a value on and off", () => {
    expect(toggleFacetFilter(["Size:M"], "Fabric", "Lawn")).toEqual(["Size:M", "Fabric:Lawn"]);
    expect(toggleFacetFilter(["Size:M", "Fabric:Lawn"], "Size", "M")).toEqual(["Fabric:Lawn"]);
  });

  it("orders sizes as worn, other values by number and then by letter", () => {
    expect(["XL", "Free Size", "S", "M", "L"].sort(compareFacetValues)).toEqual(["S", "M", "L", "XL", "Free Size"]);
    expect(["10", "2", "1"].sort(compareFacetValues)).toEqual(["1", "2", "10"]);
    expect(["Silk", "M", "Lawn"].sort(compareFacetValues)).toEqual(["M", "Lawn", "Silk"]);
  });
});
