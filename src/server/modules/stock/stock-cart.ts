import { sql } from "drizzle-orm";
import { notEnoughStockMessage } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { queryRows } from "../../db/rows.js";
import { unitsLeftFor } from "./stock-store.js";

/**
 * Adding to the cart asks for no more than is left, counting what this cart already holds of the
 * same size and colour. The cart reserves nothing: placing the order is what takes the units.
 */
export async function checkUnitsLeft(
  db: Db,
  product: { id: number; name: string },
  choice: { size: string; color: string; variant: { id: number; options: Record<string, string> } },
  input: { sessionId: string; quantity: number },
): Promise<void> {
  const { left, inCart } = await unitsLeftFor(db, choice.variant.id, input.sessionId);
  if (inCart + input.quantity <= left) return;
  const message = notEnoughStockMessage(product.name, choice.size, choice.color, left, choice.variant.options);
  throw new AppError("CONFLICT", inCart > 0 && left > 0 ? `${message} (${inCart} already in your cart)` : message);
}

/** Raising a cart line's quantity asks for no more than is left of its size and colour. */
export async function checkLineQuantity(db: Db, sessionId: string, lineId: number, quantity: number): Promise<void> {
  const [line] = await queryRows<{
    name: string;
    size: string;
    color: string;
    options: Record<string, string> | null;
    track_stock: boolean;
    left: unknown;
  }>(
    db,
    sql`select p.name, c.size, c.color, v.options, p.track_stock, coalesce(s.quantity, 0) as left
        from cart_items c join products p on p.id = c.product_id
        left join product_variants v on v.id = c.variant_id
        left join product_stock s on s.variant_id = c.variant_id
        where c.id = ${lineId} and c.session_id = ${sessionId}`,
  );
  if (!line?.track_stock || quantity <= Number(line.left)) return;
  throw new AppError(
    "CONFLICT",
    notEnoughStockMessage(line.name, line.size, line.color, Number(line.left), line.options ?? undefined),
  );
}
