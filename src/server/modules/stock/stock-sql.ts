import { sql, type SQL } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD, notEnoughStockMessage } from "@shared/rules/stock.js";
import { AppError } from "../../lib/app-error.js";

/** One tracked line of an order: the variant (decision 038) and how many it takes. */
export interface StockLine {
  productId: number;
  variantId: number;
  productName: string;
  size: string;
  color: string;
  /** The variant's options, in its product's option order: what messages name it by. */
  options: Record<string, string>;
  quantity: number;
}

/** Lines of one variant added up, so "2 + 3 of M / Red" is checked as 5 against what is left. */
export function linesByVariant(lines: StockLine[]): StockLine[] {
  const byVariant = new Map<string, StockLine>();
  for (const l of lines) {
    const key = String(l.variantId);
    const seen = byVariant.get(key);
    byVariant.set(key, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  return [...byVariant.values()];
}

function wantedJson(lines: StockLine[]): { json: string; count: number } {
  const rows = linesByVariant(lines).map((l) => ({
    variant_id: l.variantId,
    product_id: l.productId,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
  }));
  return { json: JSON.stringify(rows), count: rows.length };
}

/**
 * The CTEs order placement puts in its one statement when any line tracks stock (decision 007):
 * `stock_locked` locks the variants' rows in key order (as the release trigger does, so two
 * writers never deadlock) and reads their latest quantities; `stock_ok` is true only when every
 * variant has enough; `stock_taken` decrements, and `stock_held` records what the order holds,
 * both only when the order row was inserted (never for a refused or replayed order). The insert
 * of the order itself must also require `stock_ok`. `before` goes ahead of the order's insert
 * (`placed`), `after` follows it.
 *
 * With `reserveScarce` false (a high-risk order held for an agent, decision 012) a variant that
 * would be left at LOW_STOCK_THRESHOLD or fewer is recorded but not taken (`held` false): an
 * agent moving the order on takes it then, or learns that it is gone (migration 0009's trigger).
 */
export function takeStockCtes(lines: StockLine[], { reserveScarce = true } = {}): { before: SQL; after: SQL } {
  const { json, count } = wantedJson(lines);
  const before = sql`
    stock_wanted as (
      select * from json_to_recordset(${json}::json)
        as w(variant_id int, product_id int, size text, color text, quantity int)
    ),
    stock_locked as (
      select s.variant_id, s.product_id, s.size, s.color, s.quantity from product_stock s
      join stock_wanted w on s.variant_id = w.variant_id
      order by s.variant_id
      for update of s
    ),
    stock_ok as (
      select count(*) = ${count}::int as ok from stock_locked l
      join stock_wanted w on l.variant_id = w.variant_id
      where l.quantity >= w.quantity
    ),`;
  const after = sql`
    stock_reserved as (
      select w.*, ${reserveScarce} or l.quantity - w.quantity > ${LOW_STOCK_THRESHOLD}::int as held
      from stock_wanted w join stock_locked l on l.variant_id = w.variant_id
    ),
    stock_taken as (
      update product_stock s set quantity = s.quantity - w.quantity
      from stock_reserved w
      where s.variant_id = w.variant_id and w.held and exists (select 1 from placed)
      returning s.quantity
    ),
    stock_held as (
      insert into order_stock (order_id, variant_id, product_id, size, color, quantity, held)
      select placed.id, w.variant_id, w.product_id, w.size, w.color, w.quantity, w.held
      from placed cross join stock_reserved w
    ),`;
  return { before, after };
}

/** Selected by the statement: whether stock sufficed, what was left when it did not, and the lowest after taking. */
export const stockResultColumns = sql`(select ok from stock_ok) as stock_ok,
  (select json_agg(json_build_object('variant_id', variant_id, 'quantity', quantity)) from stock_locked) as stock_left,
  (select min(quantity) from stock_taken) as stock_lowest`;

/** The first variant that asked for more than was left: the line naming it, how many it wanted and how many are left. */
export function firstShortfall(
  lines: StockLine[],
  left: unknown,
): { line: StockLine; wanted: number; left: number } | null {
  const rows = (typeof left === "string" ? JSON.parse(left) : (left ?? [])) as {
    variant_id: number;
    quantity: number;
  }[];
  for (const w of linesByVariant(lines)) {
    const units = rows.find((r) => r.variant_id === w.variantId)?.quantity ?? 0;
    if (units < w.quantity) {
      const line = lines.find((l) => l.variantId === w.variantId)!;
      return { line, wanted: w.quantity, left: units };
    }
  }
  return null;
}

/** The 409 for the first line that asked for more than was left, naming it and how many are left. */
export function notEnoughStock(lines: StockLine[], left: unknown): AppError {
  const short = firstShortfall(lines, left);
  if (short)
    return new AppError(
      "CONFLICT",
      notEnoughStockMessage(short.line.productName, short.line.size, short.line.color, short.left, short.line.options),
    );
  return new AppError("CONFLICT", "Some items sold out while your order was being placed; please review your cart");
}
