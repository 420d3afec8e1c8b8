import { sql, type SQL } from "drizzle-orm";
import type { Analytics } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { cityLabel } from "./return-to-origin.js";
import { num } from "./sql-rows.js";

type DeliveryAttempts = Analytics["deliveryAttempts"];

/** Cities shown: the ones with most parcels that had a failed attempt. */
const CITY_LIST = 10;

type Row = {
  kind: "all" | "city" | "courier";
  key: string | null;
  parcels: unknown;
  attempts: unknown;
  delivered: unknown;
  returned: unknown;
  on_the_road: unknown;
};

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * Failed delivery attempts from `source` (city, courier, status, parcels, attempts): the roll-up
 * the database keeps per city, courier and the parcel's order status (migration 0017), whose size
 * is cities × couriers × statuses, not parcels or orders.
 */
export async function deliveryAttempts(db: Db, source: SQL): Promise<DeliveryAttempts> {
  const rows = await queryRows<Row>(
    db,
    sql`with a as materialized (
          select city, courier, sum(parcels)::int as parcels, sum(attempts)::int as attempts,
                 coalesce(sum(parcels) filter (where status = 'delivered'), 0)::int as delivered,
                 coalesce(sum(parcels) filter (where status = 'returned'), 0)::int as returned,
                 coalesce(sum(parcels) filter (where status = 'shipped'), 0)::int as on_the_road
          from ${source} s group by 1, 2 having sum(parcels) > 0
        )
        select 'all' as kind, null as key, coalesce(sum(parcels), 0)::int as parcels,
               coalesce(sum(attempts), 0)::int as attempts, coalesce(sum(delivered), 0)::int as delivered,
               coalesce(sum(returned), 0)::int as returned, coalesce(sum(on_the_road), 0)::int as on_the_road
        from a
        union all
        (select 'city', city, sum(parcels)::int, sum(attempts)::int, sum(delivered)::int, sum(returned)::int,
                sum(on_the_road)::int
         from a group by city order by 3 desc, 2 asc limit ${CITY_LIST})
        union all
        select 'courier', courier, sum(parcels)::int, sum(attempts)::int, sum(delivered)::int, sum(returned)::int,
               sum(on_the_road)::int
        from a group by courier`,
  );
  const figures = (r: Row | undefined) => {
    const parcels = num(r?.parcels);
    const delivered = num(r?.delivered);
    const returned = num(r?.returned);
    return {
      parcels,
      attempts: num(r?.attempts),
      delivered,
      returned,
      onTheRoad: num(r?.on_the_road),
      deliveredRate: percent(delivered, parcels),
      returnedRate: percent(returned, parcels),
    };
  };
  const byParcels = <T extends { parcels: number }>(a: T, b: T) => b.parcels - a.parcels;
  return {
    overall: figures(rows.find((r) => r.kind === "all")),
    byCity: rows
      .filter((r) => r.kind === "city")
      .map((r) => ({ city: cityLabel(String(r.key)), ...figures(r) }))
      .sort((a, b) => byParcels(a, b) || a.city.localeCompare(b.city)),
    byCourier: rows
      .filter((r) => r.kind === "courier")
      .map((r) => ({ courier: String(r.key), ...figures(r) }))
      .sort((a, b) => byParcels(a, b) || a.courier.localeCompare(b.courier)),
  };
}
