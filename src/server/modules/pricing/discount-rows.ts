import type { DiscountRule } from "@shared/rules/discounts.js";
import type { discounts } from "../../db/schema.js";

export type DiscountRow = typeof discounts.$inferSelect;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** A stored discount as the rules and the API read it. */
export function toDiscountRule(row: DiscountRow): DiscountRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minSubtotal: row.minSubtotal === null ? null : Number(row.minSubtotal),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perPhoneLimit: row.perPhoneLimit,
    categories: row.categories,
    productIds: row.productIds,
    active: row.active,
  };
}
