import { sql, type SQL } from "drizzle-orm";

/**
 * Parts of one data-modifying statement that satellites hand to its owner (the order's placement
 * statement, decision 017), so a check or an insert of theirs runs in that statement without their
 * knowing its SQL.
 */

export type AlsoInsert = (orderId: string, onlyIfPlaced: SQL) => SQL;

export interface OrderPrecondition {
  /** CTEs for the statement's `with` list, each followed by a comma (`name as (…),`). */
  ctes: SQL;
  /** A boolean expression over them. */
  holds: SQL;
  /** A json expression over them: what was found, given back to `extrasFor`. */
  found: SQL;
}

/** Several preconditions as one: all must hold; `found` is an object with each one's, by name. */
export function allPreconditions(parts: Record<string, OrderPrecondition | null | undefined>): OrderPrecondition {
  const named = Object.entries(parts).filter((e): e is [string, OrderPrecondition] => Boolean(e[1]));
  if (named.length === 0) return { ctes: sql``, holds: sql`true`, found: sql`'{}'::json` };
  return {
    ctes: sql.join(named.map(([, p]) => p.ctes)),
    holds: sql`(${sql.join(
      named.map(([, p]) => p.holds),
      sql` and `,
    )})`,
    found: sql`json_build_object(${sql.join(
      named.map(([name, p]) => sql`${name}::text, ${p.found}`),
      sql`, `,
    )})`,
  };
}
