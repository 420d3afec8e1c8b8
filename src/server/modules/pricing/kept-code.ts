import { eq } from "drizzle-orm";
import { codeRefusal, type DiscountRule, type ScopedLine } from "@shared/rules/discounts.js";
import type { Db } from "../../db/client.js";
import { discounts } from "../../db/schema.js";
import { toDiscountRule } from "./discount-rows.js";

/**
 * An order's own code when its items change (order-core/edit-order-items.ts): the order took
 * its use when it was placed, so its dates, pause and usage limits are not asked again (an edit
 * neither takes a use nor gives one back); only what the items decide is: the minimum and
 * whether anything is in its scope. Answers the rule, or why it no longer applies; null when the
 * discount was deleted since.
 */
export async function keptCode(
  db: Db,
  discountId: number,
  ctx: { goodsPaisa: number; lines: readonly ScopedLine[] },
): Promise<{ rule: DiscountRule; refusal: string | null } | null> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, discountId));
  if (!row || row.code === null) return null;
  const rule = toDiscountRule(row);
  const asPlaced: DiscountRule = {
    ...rule,
    active: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perPhoneLimit: null,
  };
  const refusal = codeRefusal(asPlaced, { now: new Date(), uses: 0, phoneUses: 0, ...ctx });
  return { rule, refusal: refusal === null ? null : `${refusal}: the order is priced without it` };
}
