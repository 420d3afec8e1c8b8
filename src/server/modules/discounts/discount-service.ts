import { desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminDiscount, discountInput } from "@shared/schemas/discounts.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { categories, discounts, products } from "../../db/schema.js";
import { queryRows } from "../../db/rows.js";
import { AppError, badRequest } from "../../lib/app-error.js";
import { toDiscountRule } from "../pricing/index.js";
import { UNEARNED_STATUSES } from "@shared/rules/order-status.js";
import { sqlList } from "../../db/sql-list.js";

type Input = z.output<typeof discountInput>;

export const discountNotFound = () => new AppError("NOT_FOUND", "Discount not found");

/**
 * Every discount, newest first, with what it brought. A code's orders carry its id; an automatic
 * sale's are the orders with a line it priced (order_items.sale_id, migration 0016), so a sale's
 * figures read like a code's. One grouped pass over those orders (both partial indexes).
 */
export async function listDiscounts(db: Db, id?: number): Promise<AdminDiscount[]> {
  const rows = await db
    .select()
    .from(discounts)
    .where(id === undefined ? undefined : eq(discounts.id, id))
    .orderBy(desc(discounts.id));
  if (rows.length === 0) return [];
  const only = id === undefined ? sql`` : sql`and discount_id = ${id}::int`;
  const figures = await queryRows<{
    discount_id: number;
    uses: number;
    orders: number;
    revenue: string;
    returned: number;
    amount_off: string;
  }>(
    db,
    sql`with used as (
        select o.discount_id, o.status, o.total, o.discount as off
        from orders o where o.discount_id is not null
        union all
        select i.sale_id, o.status, o.total, sum((i.regular_price - i.price) * i.quantity)
        from order_items i join orders o on o.id = i.order_id where i.sale_id is not null
        group by i.sale_id, o.id
      )
      select discount_id,
             count(*) filter (where status <> 'cancelled')::int as uses,
             count(*)::int as orders,
             coalesce(sum(total) filter (where status not in ${sqlList(UNEARNED_STATUSES)}), 0)::text as revenue,
             count(*) filter (where status = 'returned')::int as returned,
             coalesce(sum(off) filter (where status not in ${sqlList(UNEARNED_STATUSES)}), 0)::text as amount_off
      from used where true ${only} group by discount_id`,
  );
  const byId = new Map(figures.map((f) => [Number(f.discount_id), f]));
  return rows.map((r) => {
    const f = byId.get(r.id);
    return {
      ...toDiscountRule(r),
      uses: Number(f?.uses ?? 0),
      orders: Number(f?.orders ?? 0),
      revenue: Number(f?.revenue ?? 0),
      returned: Number(f?.returned ?? 0),
      amountOff: Number(f?.amount_off ?? 0),
    };
  });
}

export async function findDiscount(db: Db, id: number): Promise<AdminDiscount> {
  const [found] = await listDiscounts(db, id);
  if (!found) throw discountNotFound();
  return found;
}

/** Collections and products named must exist: a typo would otherwise make a code apply to nothing. */
async function checkScope(db: Db, input: Input): Promise<void> {
  if (input.categories.length > 0) {
    const known = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, input.categories));
    const missing = input.categories.filter((c) => !known.some((k) => k.slug === c));
    if (missing.length > 0)
      throw badRequest(`No collection is called ${missing.join(", ")}`, {
        categories: `Unknown collection: ${missing.join(", ")}`,
      });
  }
  if (input.productIds.length > 0) {
    const known = await db.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
    const missing = input.productIds.filter((p) => !known.some((k) => k.id === p));
    if (missing.length > 0)
      throw badRequest(`No product has the id ${missing.join(", ")}`, {
        productIds: `Unknown product: ${missing.join(", ")}`,
      });
  }
}

const codeTaken = (code: string) =>
  new AppError("CONFLICT", `Another discount already has the code ${code}; choose a different code`, {
    code: "This code is already in use",
  });

function columns(input: Input) {
  return {
    code: input.code,
    kind: input.kind,
    value: String(input.kind === "free_delivery" ? 0 : input.value),
    minSubtotal: input.minSubtotal === null ? null : String(input.minSubtotal),
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perPhoneLimit: input.perPhoneLimit,
    categories: [...new Set(input.categories)],
    productIds: [...new Set(input.productIds)],
    active: input.active,
    updatedAt: sql`now()`,
  };
}

export async function createDiscount(db: Db, input: Input): Promise<AdminDiscount> {
  await checkScope(db, input);
  try {
    const [row] = await db.insert(discounts).values(columns(input)).returning({ id: discounts.id });
    return findDiscount(db, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(input.code ?? "");
    throw err;
  }
}

export async function updateDiscount(db: Db, id: number, input: Input): Promise<AdminDiscount> {
  await checkScope(db, input);
  try {
    const updated = await db
      .update(discounts)
      .set(columns(input))
      .where(eq(discounts.id, id))
      .returning({ id: discounts.id });
    if (updated.length === 0) throw discountNotFound();
    return findDiscount(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(input.code ?? "");
    throw err;
  }
}

/** Its orders keep the code they were placed with (orders.discount_code). */
export async function deleteDiscount(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id });
  if (deleted.length === 0) throw discountNotFound();
}
