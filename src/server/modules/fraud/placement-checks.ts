import { sql, type SQL } from "drizzle-orm";
import { COD_RULE_KEYS, readCodRules, type CodRules } from "@shared/rules/cod-rules.js";
import { formatRs } from "@shared/rules/money.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { assessRisk, NETWORK_HIGH, NETWORK_WINDOW_MINUTES, type OrderFacts, type Risk } from "./risk.js";
import { rowsOf } from "../../db/rows.js";
import { OPEN_STATUSES } from "@shared/rules/order-status.js";
import { sqlList } from "../../db/sql-list.js";
import { cityKey } from "@shared/rules/city.js";

export const BLOCKED_MESSAGE =
  "We could not place this order online. Please message us on WhatsApp and we will help you with it.";

export interface Placement {
  phone: string;
  address: string;
  city: string;
  totalRs: number;
  networkKey: string | null;
}

export type Facts = { blocked: boolean; facts: OrderFacts; stored: Record<string, unknown> };

/**
 * The checks' facts as SQL columns: whether the number is blocked, the phone's and the network's
 * earlier orders (the network's only up to the highest threshold, so a busy carrier NAT address
 * costs no more than a quiet one), and the stored COD rules. Counting a returned order (the
 * `ship` branch's status) is harmless before that status exists.
 */
export function factsColumns(key: string, network: string | null): SQL {
  return sql`
      exists (select 1 from blocked_phones where phone_key = ${key}) as blocked,
      (select count(*)::int from orders where phone_key = ${key}) as earlier,
      (select count(*)::int from orders where phone_key = ${key}
         and status in ${sqlList(OPEN_STATUSES)}) as open,
      (select count(*)::int from orders o where o.phone_key = ${key}
         and (o.status = 'returned' or (o.status = 'cancelled' and (o.confirmation_state = 'confirmed'
           or exists (select 1 from order_status_events e where e.order_id = o.id and e.status = 'processing')))))
        as refused,
      (select count(*)::int from (select 1 from orders where network_key = ${network}
         and created_at > now() - make_interval(mins => ${NETWORK_WINDOW_MINUTES}::int)
         limit ${NETWORK_HIGH}) recent) as network,
      coalesce((select jsonb_object_agg(key, value) from settings
         where key in (${sql.join(
           COD_RULE_KEYS.map((k) => sql`${k}`),
           sql`, `,
         )})), '{}'::jsonb) as rules`;
}

export function toFacts(row: Record<string, unknown>, network: string | null): Facts {
  const stored = (typeof row.rules === "string" ? JSON.parse(row.rules) : row.rules) ?? {};
  return {
    blocked: Boolean(row.blocked),
    facts: {
      earlierOrders: Number(row.earlier),
      openOrders: Number(row.open),
      refusedAfterConfirm: Number(row.refused),
      networkRecent: network === null ? 0 : Number(row.network),
    },
    stored,
  };
}

/** Everything the checks need, in one round trip of its own. */
export async function readFacts(db: Db, key: string, network: string | null): Promise<Facts> {
  const result = await db.execute(sql`select ${factsColumns(key, network)}`);
  return toFacts(rowsOf<Record<string, unknown>>(result)[0], network);
}

/** 422 naming the rule an order breaks; the checkout shows the message as it is. */
function checkCodRules(rules: CodRules, facts: OrderFacts, order: Placement): void {
  const refuse = (message: string) => new AppError("UNPROCESSABLE", message);
  if (rules.maxOrderTotal !== null && order.totalRs > rules.maxOrderTotal)
    throw refuse(
      `Cash on delivery is available for orders up to ${formatRs(rules.maxOrderTotal)} (the store's maximum order total); please remove some items or message us on WhatsApp`,
    );
  if (rules.maxOpenOrdersPerPhone !== null && facts.openOrders >= rules.maxOpenOrdersPerPhone)
    throw refuse(
      `This phone number already has ${facts.openOrders} open orders, the store's maximum for cash on delivery; please wait until they are delivered or message us on WhatsApp`,
    );
  if (rules.cities !== null) {
    const city = cityKey(order.city);
    if (!rules.cities.some((c) => cityKey(c) === city))
      throw refuse(
        `Cash on delivery is available only in these cities: ${rules.cities.join(", ")}; please choose one of them or message us on WhatsApp`,
      );
  }
}

/**
 * Runs before an order is stored: a blocked number is refused (403, neutral, nothing stored), an
 * order breaking a COD rule is refused (422 naming the rule), and any other order gets its risk.
 */
export async function checkPlacement(db: Db, order: Placement): Promise<Risk> {
  return judge(await readFacts(db, phoneKey(order.phone), order.networkKey), order);
}

export function judge({ blocked, facts, stored }: Facts, order: Placement): Risk {
  if (blocked) throw new AppError("FORBIDDEN", BLOCKED_MESSAGE);
  checkCodRules(readCodRules(stored), facts, order);
  return assessRisk(facts, order);
}
