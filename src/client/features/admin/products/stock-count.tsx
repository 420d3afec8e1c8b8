import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";
import type { Product } from "@shared/schemas/products.js";

/** The products table's stock cell, for a product that counts stock: units on hand and how many variants run low. */
export function StockCount({ product }: { product: Pick<Product, "variantStock"> }) {
  if (!product.variantStock) return null;
  const units = product.variantStock.reduce((n, s) => n + s.quantity, 0);
  const low = product.variantStock.filter((s) => s.quantity <= LOW_STOCK_THRESHOLD).length;
  return (
    <p className="mt-1 whitespace-nowrap text-xs text-muted">
      {units.toLocaleString("en")} units
      {low > 0 && <span className="text-red-800"> · {low} low</span>}
    </p>
  );
}
