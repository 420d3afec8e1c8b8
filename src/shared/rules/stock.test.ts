import { describe, expect, it } from "vitest";
import { flagsFromStock, notEnoughStockMessage, stockGrid, unitsLeft, variantLabel } from "./stock.js";

describe("stock rules", () => {
  it("fills every size and colour of the grid, missing ones at zero", () => {
    const grid = stockGrid(["S", "M"], ["Red"], [{ size: "M", color: "Red", quantity: 3 }]);
    expect(grid).toEqual([
      { size: "S", color: "Red", quantity: 0 },
      { size: "M", color: "Red", quantity: 3 },
    ]);
  });

  it("gives a product without sizes or colours one empty variant", () => {
    expect(stockGrid([], [], [])).toEqual([{ size: "", color: "", quantity: 0 }]);
  });

  it("reads a colour as out of stock when none of its sizes has a unit left", () => {
    const stock = [
      { size: "S", color: "Red", quantity: 0 },
      { size: "S", color: "Blue", quantity: 2 },
    ];
    expect(flagsFromStock(["Red", "Blue"], stock)).toEqual({
      inStock: true,
      colorVariantStock: { Red: false, Blue: true },
    });
    expect(unitsLeft(stock, "M", "Blue")).toBe(0);
  });

  it("names the item and how many are left", () => {
    expect(variantLabel("Kurta", "M", "Red")).toBe("Kurta (M / Red)");
    expect(notEnoughStockMessage("Kurta", "M", "", 2)).toBe("Only 2 left of Kurta (M); please lower the quantity");
    expect(notEnoughStockMessage("Kurta", "", "", 0)).toBe("Kurta is sold out; please remove it from your order");
  });
});
