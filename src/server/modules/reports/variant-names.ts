import { sql } from "drizzle-orm";
import { COLOR_OPTION, SIZE_OPTION, variantName, type VariantOptions } from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { optionNamesSql } from "../catalogue/index.js";

/** How a report names a variant sold: its label, today's id where it is still sold, and the spec's size and colour. */
export interface NamedVariant {
  /** The variant still sold with these options, or null (dropped since, or a line recorded without one). */
  variantId: number | null;
  options: VariantOptions;
  /** "Stitched / M / Red" in its product's option order; "One size" without options. */
  variant: string;
  /** The spec's fields, as before variants: the Color and Size values, or "No Color" / "No Size". */
  color: string;
  size: string;
}

/**
 * Names the variants of `sold` (one statement): each in its product's option order, with the id of
 * the variant that has those options today. A product since deleted is named in the options' own order.
 */
export async function namedVariants(
  db: Db,
  sold: { productId: number; options: VariantOptions }[],
): Promise<NamedVariant[]> {
  if (sold.length === 0) return [];
  const wanted = JSON.stringify(sold.map((s, n) => ({ n, product_id: s.productId, options: s.options })));
  const rows = await queryRows<{ n: number; variant_id: number | null; order: string[] | null }>(
    db,
    sql`select t.n, v.id as variant_id,
               ${optionNamesSql(sql.raw("p"))} as "order"
        from jsonb_to_recordset(${wanted}::jsonb) as t(n int, product_id int, options jsonb)
        left join products p on p.id = t.product_id
        left join product_variants v on v.product_id = t.product_id and v.options = t.options
        order by t.n`,
  );
  return sold.map(({ options }, n) => {
    const row = rows.find((r) => Number(r.n) === n);
    const order = row?.order?.length ? row.order.filter((name) => name in options) : undefined;
    // Options the product no longer has still name the variant, after those it has.
    const all = order ? [...order, ...Object.keys(options).filter((name) => !order.includes(name))] : undefined;
    return {
      variantId: row?.variant_id == null ? null : Number(row.variant_id),
      options,
      variant: variantName(options, all),
      color: options[COLOR_OPTION]?.trim() || "No Color",
      size: options[SIZE_OPTION]?.trim() || "No Size",
    };
  });
}
