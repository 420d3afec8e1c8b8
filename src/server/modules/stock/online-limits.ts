import { sql, type SQL } from "drizzle-orm";
import {
  NETWORK_DAY_LIMIT_MESSAGE,
  phoneDayLimitMessage,
  tooManyOfVariantMessage,
  UNCONFIRMED_LIMITS,
  variantHeldMessage,
} from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { linesByVariant, type StockLine } from "./stock-sql.js";

/**
 * What a web order (unconfirmed when placed) may take of counted stock (decision 012): at most
 * `unitsPerVariant` of one size × colour, and, per phone number and per network, a day's budget
 * of units, kept in `online_stock_budget` and checked and counted by the order's own statement.
 * All unconfirmed web orders together hold at most `variantHeldShare` of a size × colour
 * (decision 034), so many networks cannot hoard it either.
 */
export interface OnlineBuyer {
  phone: string;
  network: string;
  /** The budget's day (`onlineDay`). */
  day: string;
}

/** Pakistan's calendar day (UTC+5, no daylight saving) at `now`: the budgets start afresh at midnight there. */
export function onlineDay(now: Date): string {
  return new Date(now.getTime() + 5 * 60 * 60_000).toISOString().slice(0, 10);
}

/** 409 for a size × colour asked for more than `unitsPerVariant` times (over all its lines). */
export function checkUnitsPerVariant(lines: StockLine[]): void {
  const over = linesByVariant(lines).find((l) => l.quantity > UNCONFIRMED_LIMITS.unitsPerVariant);
  if (over)
    throw new AppError("CONFLICT", tooManyOfVariantMessage(over.productName, over.size, over.color, over.options));
}

const budgets = (buyer: OnlineBuyer) => [
  { scope: "phone", key: buyer.phone, day: buyer.day, cap: UNCONFIRMED_LIMITS.unitsPerPhonePerDay },
  { scope: "network", key: buyer.network, day: buyer.day, cap: UNCONFIRMED_LIMITS.unitsPerNetworkPerDay },
];

/** Budget rows this server knows exist (a hint: the statement says when one does not). */
const seeded = new WeakMap<Db, Set<string>>();
const seedKey = (b: { scope: string; key: string; day: string }) => `${b.scope}\u0000${b.key}\u0000${b.day}`;

/**
 * Makes sure the buyer's budget rows of the day exist, so the order's statement can lock them
 * (a row inserted by the statement itself could not be locked by a concurrent one). Costs a
 * round trip only for a phone or network not seen today by this server.
 */
export async function seedBudgets(db: Db, buyer: OnlineBuyer, force = false): Promise<void> {
  let known = seeded.get(db);
  if (!known) seeded.set(db, (known = new Set()));
  const rows = budgets(buyer);
  if (!force && rows.every((b) => known.has(seedKey(b)))) return;
  if (known.size > 50_000) known.clear();
  await db.execute(sql`
    insert into online_stock_budget (scope, key, day, units)
    select scope, key, day, 0 from json_to_recordset(${JSON.stringify(rows)}::json) as b(scope text, key text, day date)
    order by scope, key
    on conflict do nothing`);
  for (const b of rows) known.add(seedKey(b));
}

/**
 * The budget's part of the order's statement. `before` locks the rows (after the stock rows, so
 * placements always lock in one order) and reads their latest units; `budget_ok` requires that
 * both rows exist and that this order's units fit both, and that each variant's units held by
 * unconfirmed web orders stay within their share (`variant_held`: counted by online_units_held(),
 * a volatile function, so it sees the orders committed while this statement waited for the stock
 * row's lock; decision 034); `after` counts the units only when the order was inserted. `result`
 * selects what the caller needs to answer.
 */
export function budgetCtes(buyer: OnlineBuyer, lines: StockLine[]): { before: SQL; after: SQL; result: SQL } {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const wanted = JSON.stringify(budgets(buyer));
  const before = sql`
    budget_wanted as (
      select * from json_to_recordset(${wanted}::json) as b(scope text, key text, day date, cap int)
    ),
    budget_locked as (
      select b.scope, b.units from online_stock_budget b
      join budget_wanted w on b.scope = w.scope and b.key = w.key and b.day = w.day
      where (select count(*) from stock_locked) >= 0
      order by b.scope, b.key, b.day
      for update of b
    ),
    variant_held as (
      select l.variant_id, w.quantity as wanted, h.held,
             greatest(${UNCONFIRMED_LIMITS.unitsPerVariant}::int,
                      floor((l.quantity + h.held) * ${UNCONFIRMED_LIMITS.variantHeldShare}::numeric))::int as cap
      from stock_locked l
      join stock_wanted w on l.variant_id = w.variant_id
      cross join lateral (select online_units_held(l.variant_id) as held) h
      where (select count(*) from stock_locked) >= 0
    ),
    budget_ok as (
      select count(*) = 2 as seeded, count(*) = 2 and coalesce(bool_and(l.units + ${units}::int <= w.cap), true)
             and (select coalesce(bool_and(v.held + v.wanted <= v.cap), true) from variant_held v) as ok
      from budget_locked l join budget_wanted w on l.scope = w.scope
    ),`;
  const after = sql`
    budget_taken as (
      update online_stock_budget b set units = b.units + ${units}::int
      from budget_wanted w
      where b.scope = w.scope and b.key = w.key and b.day = w.day and exists (select 1 from placed)
    ),`;
  const result = sql`(select seeded from budget_ok) as budget_seeded, (select ok from budget_ok) as budget_ok,
    json_build_object(
      'budgets', (select json_object_agg(scope, units) from budget_locked),
      'variants', (select json_agg(json_build_object('variant_id', variant_id, 'held', held, 'cap', cap)) from variant_held)
    ) as budget_units`;
  return { before, after, result };
}

interface BudgetFindings {
  budgets: Record<string, number> | null;
  variants: { variant_id: number; held: number; cap: number }[] | null;
}

/**
 * The refusal when the order's units do not fit: a size × colour's share held online (409, naming
 * how many can still be ordered), then the phone's day (409), then the network's (429).
 */
export function budgetRefusal(found: unknown, lines: StockLine[]): AppError {
  const findings = (typeof found === "string" ? JSON.parse(found) : (found ?? {})) as Partial<BudgetFindings>;
  for (const line of linesByVariant(lines)) {
    const v = findings.variants?.find((f) => f.variant_id === line.variantId);
    if (v && v.held + line.quantity > v.cap) {
      const canOrder = Math.max(0, v.cap - v.held);
      return new AppError(
        "CONFLICT",
        variantHeldMessage(line.productName, line.size, line.color, canOrder, line.options),
      );
    }
  }
  const taken = findings.budgets ?? {};
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (Number(taken.phone ?? 0) + units > UNCONFIRMED_LIMITS.unitsPerPhonePerDay)
    return new AppError("CONFLICT", phoneDayLimitMessage(Number(taken.phone ?? 0)));
  return new AppError("RATE_LIMITED", NETWORK_DAY_LIMIT_MESSAGE);
}

/** Budgets of days gone by are of no use: removed by the stock release job. */
export async function pruneBudgets(db: Db, today: string): Promise<void> {
  await db.execute(sql`delete from online_stock_budget where day < ${today}::date - 1`);
}
