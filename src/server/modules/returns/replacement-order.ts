import { eq, inArray, sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { variantLabel } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders, products } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { checkChoice, choiceColumns } from "../cart/product-choice.js";
import { queryRows } from "../reports/sql-rows.js";
import { firstShortfall, stockResultColumns, takeStockCtes, type StockLine } from "../stock/stock-sql.js";
import { lockVariants, putBackReturnedItems } from "../stock/stock-return.js";
import { lineKeyOf, type ReturnRow } from "./return-serialise.js";

/** What the agent can do when the replacement cannot be sent; the request stays approved. */
const WHAT_TO_DO =
  "The exchange stays approved: restock it in Products and complete the exchange again, or reject it with a note to the customer";

const cannotSend = (why: string) => new AppError("CONFLICT", `Cannot send the replacement: ${why}. ${WHAT_TO_DO}`);

interface ReplacementLine extends StockLine {
  category: string;
  selectedImage: string | null;
  tracked: boolean;
}

/**
 * The exchanged-to items, checked as an order checks them (the product still sold, in stock, in
 * that size and colour) and spelt as the catalogue spells them. The products are locked for
 * share, so whether they count stock cannot change before the transaction ends.
 */
async function replacementLines(tx: Db, request: ReturnRow): Promise<ReplacementLine[]> {
  const ids = [...new Set(request.items.map((i) => i.productId))];
  const found = await tx.select(choiceColumns).from(products).where(inArray(products.id, ids)).for("share");
  const ordered = await tx.select().from(orderItems).where(eq(orderItems.orderId, request.orderId));
  return request.items.map((i) => {
    const line = ordered.find((l) => lineKeyOf(l) === lineKeyOf(i));
    const name = line?.productName ?? `Product #${i.productId}`;
    const product = found.find((p) => p.id === i.productId);
    if (!product) throw cannotSend(`${name} is no longer sold`);
    const choice = checkChoice(product, i.exchangeSize ?? i.size, i.exchangeColor ?? i.color);
    if (!choice.ok)
      throw cannotSend(
        choice.problem.message.includes(product.name)
          ? choice.problem.message
          : `${product.name}: ${choice.problem.message}`,
      );
    return {
      productId: product.id,
      productName: product.name,
      category: line?.category ?? product.category,
      size: choice.size,
      color: choice.color,
      quantity: i.quantity,
      selectedImage: line?.selectedImage ?? null,
      tracked: product.trackStock,
    };
  });
}

/**
 * The exchange's new parcel: the asked-for size and colour, at no charge, ready to ship, linked to
 * the first order. It takes stock exactly as a placed order does (decision 007): the variants are
 * locked in key order and the order is inserted, with its items and timeline, only when every
 * tracked variant has enough, taking the units in the same statement. When one falls short
 * nothing is written and the agent is told what to do. The items sent back then go on the shelf
 * again (`putBackReturnedItems`). Runs in the caller's transaction.
 */
export async function createReplacement(
  tx: Db,
  request: ReturnRow,
  actor: string,
): Promise<{ id: string; stockLowest: number | null }> {
  const [original] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
  const lines = await replacementLines(tx, request);
  const stockLines: StockLine[] = lines.filter((l) => l.tracked);
  await lockVariants(tx, [...stockLines, ...request.items]);
  const stock = stockLines.length > 0 ? takeStockCtes(stockLines) : null;
  const items = JSON.stringify(
    lines.map((l, n) => ({
      n,
      product_id: l.productId,
      product_name: l.productName,
      category: l.category,
      quantity: l.quantity,
      size: l.size,
      color: l.color,
      selected_image: l.selectedImage,
    })),
  );
  const [row] = await queryRows<{ id: string | null; stock_ok: boolean; stock_left: unknown; stock_lowest: unknown }>(
    tx,
    sql`with ${stock?.before ?? sql``}
        placed as (
          insert into orders (status, customer_name, customer_phone, phone_key, customer_email, shipping_address, city,
                              postal_code, special_instructions, subtotal, total, payment_method, replacement_of)
          select 'processing', ${original.customerName}, ${original.customerPhone}, ${original.phoneKey},
                 ${original.customerEmail}, ${original.shippingAddress}, ${original.city}, ${original.postalCode},
                 ${`Exchange for order #${orderNumber(original.id)}: collect the items being exchanged`}, 0, 0,
                 ${original.paymentMethod}, ${original.id}::uuid
          ${stock ? sql`where (select ok from stock_ok)` : sql``}
          returning id
        ),${stock?.after ?? sql``}
        lines as (
          insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price, selected_image)
          select placed.id, l.product_id, l.product_name, l.category, l.quantity, l.size, l.color, 0, l.selected_image
          from placed cross join json_to_recordset(${items}::json) as l(
            n int, product_id int, product_name text, category text, quantity int, size text, color text,
            selected_image text)
          order by l.n
        ),
        timeline as (
          insert into order_status_events (order_id, status, actor)
          select placed.id, e.status, ${actor} from placed cross join (values (1, 'pending'), (2, 'processing')) as e(n, status)
          order by e.n
        )
        select placed.id,
               ${stock ? stockResultColumns : sql`true as stock_ok, null as stock_left, null as stock_lowest`}
        from (select 1) as one left join placed on true`,
  );
  if (!row.stock_ok || row.id === null) {
    const short = firstShortfall(stockLines, row.stock_left);
    throw cannotSend(
      short
        ? short.left === 0
          ? `${variantLabel(short.line.productName, short.line.size, short.line.color)} is sold out`
          : `only ${short.left} left of ${variantLabel(short.line.productName, short.line.size, short.line.color)} and the exchange needs ${short.wanted}`
        : "its items sold out meanwhile",
    );
  }
  const putBack = await putBackReturnedItems(tx, original.id, request.items);
  const lowest = row.stock_lowest === null ? null : Number(row.stock_lowest);
  return { id: row.id, stockLowest: putBack > 0 ? 0 : lowest };
}
