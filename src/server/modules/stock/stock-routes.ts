import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";
import type { LowStockList } from "@shared/schemas/stock.js";
import { variantName, type VariantOptions } from "@shared/catalogue/variants.js";
import { parse } from "../../lib/validate.js";
import { optionNamesSql } from "../catalogue/index.js";
import { jsonOf, queryRows } from "../../db/rows.js";
import { sql } from "drizzle-orm";
import { registerStockExpiry } from "./stock-expiry.js";
import { countsShown, countsStillShown, type ShownCount } from "./stock-shown.js";

type LowStockRow = {
  product_id: number;
  name: string;
  handle: string;
  sku: string | null;
  variant_id: number;
  options: VariantOptions | string;
  option_names: string[] | null;
  size: string;
  color: string;
  quantity: number;
  total: number;
};

const lowStockQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * GET /api/admin/stock/low: tracked variants at 5 or fewer, fewest first, each named by its options
 * (agents restock and answer customers). Also registers the job that gives unconfirmed web orders' units back at
 * their confirmation's expiry (stock-expiry.ts).
 */
export async function stockRoutes(app: FastifyInstance): Promise<void> {
  registerStockExpiry(app);
  // Cached catalogue answers show the counts as they are now, whatever changed them (decision 035).
  app.catalogueCache.freshPart = {
    remember: countsShown,
    holds: (shown) => countsStillShown(app.db, shown as ShownCount[]),
  };
  app.get("/api/admin/stock/low", { config: { access: "agent" } }, async (request) => {
    const { limit, offset } = parse(lowStockQuery, request.query);
    const rows = await queryRows<LowStockRow>(
      app.db,
      sql`select s.product_id, p.name, p.handle, coalesce(nullif(v.sku, ''), p.sku) as sku, s.variant_id, v.options,
                 ${optionNamesSql(sql.raw("p"))} as option_names,
                 s.size, s.color, s.quantity, count(*) over () as total
          from product_stock s join products p on p.id = s.product_id join product_variants v on v.id = s.variant_id
          where s.quantity <= ${LOW_STOCK_THRESHOLD}
          order by s.quantity, p.name, s.product_id, v.position, s.variant_id
          limit ${limit} offset ${offset}`,
    );
    const list: LowStockList = {
      total: rows.length ? Number(rows[0].total) : 0,
      items: rows.map((r) => {
        const options = jsonOf<VariantOptions>(r.options, {});
        return {
          productId: Number(r.product_id),
          productName: r.name,
          handle: r.handle,
          variantId: Number(r.variant_id),
          options,
          variant: variantName(options, r.option_names ?? undefined),
          sku: r.sku ?? "",
          size: r.size,
          color: r.color,
          quantity: Number(r.quantity),
        };
      }),
    };
    return list;
  });
}
