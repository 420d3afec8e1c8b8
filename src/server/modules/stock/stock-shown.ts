import type { Db } from "../../db/client.js";
import { loadStock } from "./stock-store.js";

/** One count an answer shows: a product's size × colour and its quantity. */
export interface ShownCount {
  productId: number;
  size: string;
  color: string;
  /** Set when the answer names the variant (decision 038). */
  variantId?: number;
  quantity: number;
}

/**
 * The counts a cached catalogue answer shows (every product in it with `variantStock`), so each
 * hit can check them against the database (decision 035). Null when it shows none.
 */
export function countsShown(json: string): ShownCount[] | null {
  if (!json.includes('"variantStock"')) return null;
  const shown: ShownCount[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== "object" || value === null) return;
    const { id, variantStock, variants } = value as { id?: unknown; variantStock?: unknown; variants?: unknown };
    // A variant's count by its id (decision 038): two variants may share a size and colour.
    if (typeof id === "number" && Array.isArray(variantStock) && Array.isArray(variants))
      for (const v of variants as { id: number; stock?: number }[])
        shown.push({ productId: id, size: "", color: "", variantId: v.id, quantity: v.stock ?? 0 });
    else if (typeof id === "number" && Array.isArray(variantStock))
      for (const v of variantStock as ShownCount[])
        shown.push({ productId: id, size: v.size, color: v.color, quantity: v.quantity });
    Object.values(value).forEach(walk);
  };
  walk(JSON.parse(json));
  return shown.length > 0 ? shown : null;
}

/** True while every count shown is what the database holds now (one indexed read). */
export async function countsStillShown(db: Db, shown: ShownCount[]): Promise<boolean> {
  const stock = await loadStock(
    db,
    shown.map((s) => s.productId),
  );
  return shown.every((s) => {
    const counted = (stock.get(s.productId) ?? []).find((c) =>
      s.variantId !== undefined ? c.variantId === s.variantId : c.size === s.size && c.color === s.color,
    );
    return (counted?.quantity ?? 0) === s.quantity;
  });
}
