import { sql, type AnyColumn } from "drizzle-orm";
import { codeKey, type DiscountRule } from "@shared/rules/discounts.js";
import type { Db } from "../../db/client.js";
import type { OrderPrecondition } from "../../db/statement-parts.js";
import { discounts } from "../../db/schema.js";
import { toDiscountRule } from "./discount-rows.js";
import { saleBookOf } from "./sale-book.js";

/** A code as typed, with what its limits count, read in one statement. */
export interface CodeFacts {
  rule: DiscountRule;
  /** The code's `claims` when its uses were counted. */
  claims: number;
  uses: number;
  phoneUses: number;
}

/**
 * The code (trimmed, any letter case) and its uses so far (all, and this phone's); null if unknown.
 * Uses are counted only against a limit, and only up to it (a CASE runs its subquery only when
 * its branch is taken): an influencer's code without limits, or with thousands of orders behind
 * it, costs every placement the same one-row read (decision 024).
 */
export async function readCode(db: Db, typed: string, phoneKey: string | null): Promise<CodeFacts | null> {
  // Read before the code: a write after it moves the generation, so its answer is not kept.
  const generation = saleBookOf(db)?.generation;
  const unlimited = keptUnlimited(db, generation, typed);
  if (unlimited) return { rule: unlimited, claims: 0, uses: 0, phoneUses: 0 };
  const counted = sql`from orders o where o.discount_id = ${discounts.id} and o.status <> 'cancelled'`;
  const upTo = (limit: AnyColumn, extra = sql``) =>
    sql<number>`case when ${limit} is null then 0
      else (select count(*)::int from (select 1 ${counted} ${extra} limit greatest(${limit}, 0)) as used) end`;
  const [row] = await db
    .select({
      discount: discounts,
      uses: upTo(discounts.usageLimit),
      phoneUses: upTo(discounts.perPhoneLimit, sql`and o.phone_key = ${phoneKey ?? ""}`),
    })
    .from(discounts)
    .where(sql`lower(${discounts.code}) = ${codeKey(typed)}`);
  if (!row) return null;
  const rule = toDiscountRule(row.discount);
  if (rule.usageLimit === null && rule.perPhoneLimit === null) keepUnlimited(db, generation, rule);
  return {
    rule,
    claims: Number(row.discount.claims),
    uses: Number(row.uses),
    phoneUses: Number(row.phoneUses),
  };
}

/** Codes without limits, by their key, until the catalogue cache's generation moves (as the fees). */
const unlimitedCodes = new WeakMap<Db, { generation: number; codes: Map<string, DiscountRule> }>();
/** A bound on what is kept: far more codes than a store runs at once. */
const MAX_KEPT_CODES = 1000;

/**
 * A code without limits needs nothing counted, so its rule is kept (decision 024): every discount
 * write clears the catalogue cache here and on the other app servers, which moves its generation.
 */
function keptUnlimited(db: Db, generation: number | undefined, typed: string): DiscountRule | undefined {
  const kept = unlimitedCodes.get(db);
  return generation !== undefined && kept?.generation === generation ? kept.codes.get(codeKey(typed)) : undefined;
}

function keepUnlimited(db: Db, generation: number | undefined, rule: DiscountRule): void {
  if (generation === undefined || rule.code === null) return;
  let kept = unlimitedCodes.get(db);
  if (!kept || kept.generation !== generation || kept.codes.size >= MAX_KEPT_CODES) {
    kept = { generation, codes: new Map() };
    unlimitedCodes.set(db, kept);
  }
  kept.codes.set(codeKey(rule.code), rule);
}

/**
 * The code's limits, checked by the order's own statement: it moves the code's `claims` on only
 * if no other placement with this code moved it since the uses were counted (the row lock queues
 * them, and a statement that waited sees the row as its predecessor left it). Otherwise nothing is
 * inserted, the uses are counted again in a new statement (which sees the orders placed meanwhile)
 * and the order is tried again: on PostgreSQL, the last use of a code cannot be taken twice.
 * A claim whose order is then refused for another reason only makes the others count again.
 * Needed only with a limit.
 */
export function codeClaim(facts: CodeFacts): OrderPrecondition | null {
  const { rule } = facts;
  if (rule.usageLimit === null && rule.perPhoneLimit === null) return null;
  return {
    ctes: sql`code_claim as (update discounts set claims = claims + 1
      where id = ${rule.id}::int and claims = ${facts.claims}::bigint returning claims),`,
    holds: sql`exists (select 1 from code_claim)`,
    found: sql`(select claims from code_claim)`,
  };
}
