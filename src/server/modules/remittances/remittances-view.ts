import { sql, type SQL } from "drizzle-orm";
import {
  FLAGS_SHOWN,
  type CourierRemittance,
  type RemittanceFlag,
  type RemittancesView,
} from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

const num = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;
/** Weeks the chart shows. */
export const CHART_WEEKS = 12;

interface FigureRow {
  courier: string;
  expected: string;
  received: string;
  charges: string;
  tax: string;
  parcels: string;
  paid_parcels: string;
}
interface AgingRow {
  courier: string;
  a0: string;
  a8: string;
  a16: string;
  a31: string;
  n0: string;
  n8: string;
  n16: string;
  n31: string;
}

/** The figures per courier, from their sources (the summaries, or every order for comparison). */
export interface RemittanceSources {
  figures(courier: string | undefined): SQL;
  aging(courier: string | undefined, today: SQL): SQL;
}

/** The summaries kept by remittance_apply_orders / remittance_apply_payments (decision 028). */
export const summarySources: RemittanceSources = {
  figures: (
    courier,
  ) => sql`select courier, sum(expected) as expected, sum(received) as received, sum(charges) as charges,
      sum(tax) as tax, sum(parcels) as parcels, sum(paid_parcels) as paid_parcels
    from remittance_weeks ${courier ? sql`where courier = ${courier}` : sql``}
    group by courier`,
  aging: (courier, today) =>
    agingOver(sql`select courier, day, parcels, amount from remittance_unpaid_days`, courier, today),
};

/** Buckets of days since delivery: 0–7, 8–15, 16–30, over 30. */
function agingOver(source: SQL, courier: string | undefined, today: SQL): SQL {
  return sql`select courier,
      sum(amount) filter (where ${today} - day <= 7) as a0, sum(amount) filter (where ${today} - day between 8 and 15) as a8,
      sum(amount) filter (where ${today} - day between 16 and 30) as a16, sum(amount) filter (where ${today} - day > 30) as a31,
      sum(parcels) filter (where ${today} - day <= 7) as n0, sum(parcels) filter (where ${today} - day between 8 and 15) as n8,
      sum(parcels) filter (where ${today} - day between 16 and 30) as n16, sum(parcels) filter (where ${today} - day > 30) as n31
    from (${source}) s ${courier ? sql`where courier = ${courier}` : sql``}
    group by courier`;
}

/** The same figures summed from every delivered order and its payment (tests and the benchmark). */
export const orderSources: RemittanceSources = {
  figures: (courier) => sql`select o.courier, sum(o.cod_amount) as expected,
      coalesce(sum(p.amount), 0) as received, coalesce(sum(p.charges), 0) as charges, coalesce(sum(p.tax), 0) as tax,
      count(*) as parcels, count(p.id) as paid_parcels
    from orders o left join remittance_payments p on p.order_id = o.id and p.counted
    where o.status = 'delivered' and o.courier is not null and o.delivered_at is not null
      ${courier ? sql`and o.courier = ${courier}` : sql``}
    group by o.courier`,
  aging: (courier, today) =>
    agingOver(
      sql`select o.courier, remittance_day(o.delivered_at) as day, 1 as parcels, o.cod_amount as amount
        from orders o
        where o.status = 'delivered' and o.courier is not null and o.delivered_at is not null
          and not exists (select 1 from remittance_payments p where p.order_id = o.id and p.counted)`,
      courier,
      today,
    ),
};

/** Expected, received, charges, tax, outstanding and aging per courier, busiest first. */
export async function courierFigures(
  db: Db,
  sources: RemittanceSources,
  courier: string | undefined,
  now: Date,
): Promise<CourierRemittance[]> {
  const today = sql`remittance_day(${now.toISOString()}::timestamptz)`;
  const [figures, aging] = await Promise.all([
    queryRows<FigureRow>(db, sources.figures(courier)),
    queryRows<AgingRow>(db, sources.aging(courier, today)),
  ]);
  const agingOf = new Map(aging.map((a) => [a.courier, a]));
  return figures
    .map((f) => {
      const a = agingOf.get(f.courier);
      const [expected, received, charges, tax] = [f.expected, f.received, f.charges, f.tax].map(num);
      return {
        courier: f.courier,
        expected,
        received,
        charges,
        tax,
        outstanding: num(expected - received - charges - tax),
        parcels: Number(f.parcels),
        paidParcels: Number(f.paid_parcels),
        aging: { days0to7: num(a?.a0), days8to15: num(a?.a8), days16to30: num(a?.a16), over30: num(a?.a31) },
        agingParcels: { days0to7: num(a?.n0), days8to15: num(a?.n8), days16to30: num(a?.n16), over30: num(a?.n31) },
      };
    })
    .filter((c) => c.parcels !== 0 || c.received !== 0)
    .sort((a, b) => b.expected - a.expected || a.courier.localeCompare(b.courier));
}

interface FlagRowOut {
  id: string | number;
  courier: string;
  order_id: string | null;
  tracking_number: string;
  kind: RemittanceFlag["kind"];
  expected: string | null;
  received: string | null;
  resolved_at: string | null;
  note: string | null;
  created_at: string;
}

export const flagColumns = sql`id, courier, order_id, tracking_number, kind, expected, received,
  resolved_at::text, note, created_at::text`;

export const toFlag = (r: FlagRowOut): RemittanceFlag => ({
  id: Number(r.id),
  courier: r.courier,
  orderId: r.order_id,
  trackingNumber: r.tracking_number,
  kind: r.kind,
  expected: r.expected === null ? null : num(r.expected),
  received: r.received === null ? null : num(r.received),
  resolved: r.resolved_at !== null,
  note: r.note,
  createdAt: r.created_at,
});

/** Open flags, newest first (at most FLAGS_SHOWN), then the 20 last resolved. */
export async function listFlags(db: Db, courier: string | undefined) {
  const byCourier = courier ? sql`and courier = ${courier}` : sql``;
  const [open, resolved, count] = await Promise.all([
    queryRows<FlagRowOut>(
      db,
      sql`select ${flagColumns} from remittance_flags where resolved_at is null ${byCourier} order by id desc limit ${FLAGS_SHOWN}`,
    ),
    queryRows<FlagRowOut>(
      db,
      sql`select ${flagColumns} from remittance_flags where resolved_at is not null ${byCourier} order by resolved_at desc limit 20`,
    ),
    queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from remittance_flags where resolved_at is null ${byCourier}`,
    ),
  ]);
  return { flags: [...open, ...resolved].map(toFlag), openFlags: Number(count[0].n) };
}

/** Cash expected (delivered that week) and received (paid that week), the last CHART_WEEKS weeks. */
export async function weeklyFigures(db: Db, courier: string | undefined, now: Date) {
  const rows = await queryRows<{ week: string; expected: string; received: string }>(
    db,
    sql`select week::text, sum(expected) as expected, sum(received) as received from remittance_weeks
      where week > remittance_week(${now.toISOString()}::timestamptz) - ${CHART_WEEKS * 7}::int
        ${courier ? sql`and courier = ${courier}` : sql``}
      group by week order by week`,
  );
  return rows.map((r) => ({ week: r.week, expected: num(r.expected), received: num(r.received) }));
}

export async function remittancesView(db: Db, courier: string | undefined, now: Date): Promise<RemittancesView> {
  const [couriers, flags, weeks] = await Promise.all([
    courierFigures(db, summarySources, courier, now),
    listFlags(db, courier),
    weeklyFigures(db, courier, now),
  ]);
  return { couriers, ...flags, weeks };
}
