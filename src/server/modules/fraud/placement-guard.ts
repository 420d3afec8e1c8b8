import { sql } from "drizzle-orm";
import { phoneKey } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import type { OrderPrecondition } from "../../db/statement-parts.js";
import { factsColumns, judge, readFacts, toFacts, type Facts, type Placement } from "./placement-checks.js";
import { NETWORK_HIGH, NETWORK_MEDIUM, type Risk } from "./risk.js";

/** What this server last learnt of phones, networks and the COD rules: a guess, never trusted. */
interface Memory {
  phones: Map<string, Pick<Facts["facts"], "earlierOrders" | "openOrders" | "refusedAfterConfirm">>;
  networks: Map<string, number>;
  stored: Record<string, unknown>;
}

const memories = new WeakMap<Db, Memory>();
const MAX_REMEMBERED = 50_000;

function memoryOf(db: Db): Memory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = { phones: new Map(), networks: new Map(), stored: {} }));
  return memory;
}

function expected(memory: Memory, key: string, network: string | null): Facts {
  const phone = memory.phones.get(key) ?? { earlierOrders: 0, openOrders: 0, refusedAfterConfirm: 0 };
  const networkRecent = network === null ? 0 : (memory.networks.get(network) ?? 0);
  return { blocked: false, facts: { ...phone, networkRecent }, stored: memory.stored };
}

function learn(memory: Memory, key: string, network: string | null, { facts, stored }: Facts): void {
  if (memory.phones.size > MAX_REMEMBERED) memory.phones.clear();
  if (memory.networks.size > MAX_REMEMBERED) memory.networks.clear();
  const { networkRecent, ...phone } = facts;
  memory.phones.set(key, phone);
  if (network !== null) memory.networks.set(network, networkRecent);
  memory.stored = stored;
}

export interface PlacementGuard {
  risk: Risk;
  /** The facts the risk was judged from, checked by the order's own statement. */
  precondition: OrderPrecondition;
  /** Once the order is stored: what the phone's and the network's next order will find. */
  placed(): void;
}

/**
 * The fake-order checks of a web order without a round trip of their own: they judge the order
 * from the facts this server expects (its memory of the phone, the network and the COD rules),
 * and the order's statement inserts it only if the database still shows exactly those facts,
 * answering what it found otherwise; `placeOrder` then calls again with `found`. A refusal is
 * never made from memory alone: the facts are read first. Like `checkPlacement`, it throws 403
 * for a blocked number and 422 for a broken COD rule.
 */
export async function guardPlacement(
  db: Db,
  order: Placement,
  found?: Record<string, unknown>,
): Promise<PlacementGuard> {
  const key = phoneKey(order.phone);
  const network = order.networkKey;
  const memory = memoryOf(db);
  let facts = found ? toFacts(found, network) : expected(memory, key, network);
  if (found) learn(memory, key, network, facts);
  let risk: Risk;
  try {
    risk = judge(facts, order);
  } catch (err) {
    if (found) throw err;
    facts = await readFacts(db, key, network);
    learn(memory, key, network, facts);
    risk = judge(facts, order);
  }
  const f = facts.facts;
  // The network's count only matters by its band (no reason, medium, high): orders from one busy
  // address placed at the same time would otherwise make each other judge again and again. Within
  // a band the reason may name a count a few orders old, as a separate read before the insert did.
  const band = (n: number) => (n < NETWORK_MEDIUM ? 0 : n < NETWORK_HIGH ? 1 : 2);
  const holds = sql`(select not blocked and earlier = ${f.earlierOrders}::int and open = ${f.openOrders}::int
      and refused = ${f.refusedAfterConfirm}::int and (${network === null} or case when network < ${NETWORK_MEDIUM}::int then 0
        when network < ${NETWORK_HIGH}::int then 1 else 2 end = ${band(f.networkRecent)}::int)
      and rules = ${JSON.stringify(facts.stored)}::jsonb from placement_facts)`;
  return {
    risk,
    precondition: {
      ctes: sql`placement_facts as (select ${factsColumns(key, network)}),`,
      holds,
      found: sql`(select row_to_json(placement_facts) from placement_facts)`,
    },
    placed() {
      learn(memory, key, network, {
        ...facts,
        facts: {
          ...f,
          earlierOrders: f.earlierOrders + 1,
          openOrders: f.openOrders + 1,
          networkRecent: Math.min(f.networkRecent + 1, NETWORK_HIGH),
        },
      });
    },
  };
}
