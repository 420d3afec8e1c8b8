import { unitsLeft } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { loadStock } from "./stock-store.js";

/** One count an answer shows: a product's size × colour and its quantity. */
export interface ShownCount {
  productId: number;
  size: string;
  color: string;
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
    const { id, variantStock } = value as { id?: unknown; variantStock?: unknown };
    if (typeof id === "number" && Array.isArray(variantStock))
      for (const v of variantStock as { size: string; color: string; quantity: number }[])
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
  return shown.every((s) => unitsLeft(stock.get(s.productId) ?? [], s.size, s.color) === s.quantity);
}
