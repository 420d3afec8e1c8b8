import { sql } from "drizzle-orm";
import { SHORT_TOLERANCE, type FlagKind, type ImportResult } from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

/** One payment for one parcel, from a sheet's row or a courier's answer. */
export interface PaymentIn {
  trackingNumber: string;
  amount: number;
  charges: number;
  tax: number;
  /** When it was paid; the time of recording when the sheet does not say. */
  paidAt: Date;
  reference: string | null;
  /** What makes it the same payment again (`paymentKey`). */
  key: string;
}

export type PaymentSource = "sheet" | "api";

/**
 * A payment's identity. A sheet's row is the same payment again when its courier, tracking number,
 * reference, date (as the sheet gives it) and amount are; a courier's API tells one payment per
 * parcel, so its answer is keyed by the parcel alone.
 */
export function paymentKey(
  source: PaymentSource,
  courier: string,
  p: { trackingNumber: string; reference: string | null; paidOn: string | null; amount: number },
): string {
  const base = `${courier.trim().toLowerCase()}|${p.trackingNumber}`;
  return source === "api" ? `api|${base}` : `sheet|${base}|${p.reference ?? ""}|${p.paidOn ?? ""}|${p.amount}`;
}

const BATCH = 5_000;

interface OrderHit {
  id: string;
  tracking_number: string;
  courier: string;
  status: string;
  expected: number;
}
interface Counted {
  id: string;
  order_id: string;
  source: PaymentSource;
  reference: string | null;
}
interface FlagRow {
  courier: string;
  kind: FlagKind;
  order_id: string | null;
  tracking_number: string;
  key: string | null;
  expected: number | null;
  received: number;
}

/**
 * Records payments in the caller's transaction (decision 028): each is matched to the order with
 * its tracking number and courier; the parcel's first payment counts in the summaries, a later one
 * is flagged `duplicate`; a payment for a parcel not delivered is flagged, a short one too, an
 * unknown tracking number too. A payment recorded before (same key) is left alone, except that a
 * sheet's row replaces the courier API's answer for the same parcel (same or no reference): the
 * sheet has the charges and tax. The caller holds the payments lock (`lockPayments`), which a
 * delivery's summary also takes, so a delivery recorded at the same time is summarised after
 * these payments, not beside them.
 */
export async function recordPayments(
  tx: Db,
  courier: string,
  source: PaymentSource,
  payments: readonly PaymentIn[],
  importId: number | null,
): Promise<ImportResult> {
  const result: ImportResult = { rows: payments.length, matched: 0, unmatched: 0, duplicates: 0 };
  const seen = new Set<string>();
  for (let i = 0; i < payments.length; i += BATCH)
    await recordBatch(tx, courier, source, payments.slice(i, i + BATCH), importId, result, seen);
  return result;
}

const jsonList = (values: readonly string[]) =>
  sql`(select value from json_array_elements_text(${JSON.stringify(values)}::json))`;

async function recordBatch(
  tx: Db,
  courier: string,
  source: PaymentSource,
  batch: readonly PaymentIn[],
  importId: number | null,
  result: ImportResult,
  seen: Set<string>,
) {
  const recorded = new Set(
    (
      await queryRows<{ payment_key: string }>(
        tx,
        sql`select payment_key from remittance_payments where payment_key in ${jsonList(batch.map((p) => p.key))}`,
      )
    ).map((r) => r.payment_key),
  );
  const fresh = batch.filter((p) => {
    const again = recorded.has(p.key) || seen.has(p.key);
    seen.add(p.key);
    if (again) result.duplicates += 1;
    return !again;
  });
  if (fresh.length === 0) return;
  const hits = await queryRows<OrderHit>(
    tx,
    sql`select o.id, o.tracking_number, o.courier, o.status, o.cod_amount::float8 as expected
      from orders o
      where o.tracking_number in ${jsonList([...new Set(fresh.map((p) => p.trackingNumber))])}
        and lower(o.courier) = lower(${courier.trim()})
`,
  );
  const byTracking = new Map<string, OrderHit>();
  for (const hit of hits) if (!byTracking.has(hit.tracking_number)) byTracking.set(hit.tracking_number, hit);
  const counted = new Map(
    (hits.length
      ? await queryRows<Counted>(
          tx,
          sql`select id::text, order_id, source, reference from remittance_payments
            where counted and order_id in (select value::uuid from json_array_elements_text(${JSON.stringify(hits.map((h) => h.id))}::json))`,
        )
      : []
    ).map((c) => [c.order_id, c]),
  );

  const inserts: Array<PaymentIn & { order_id: string | null; counted: boolean }> = [];
  const replaced: Array<{ id: string; payment: PaymentIn }> = [];
  const flags: FlagRow[] = [];
  const paidOrders: string[] = [];
  for (const p of fresh) {
    const order = byTracking.get(p.trackingNumber);
    if (!order) {
      result.unmatched += 1;
      inserts.push({ ...p, order_id: null, counted: false });
      flags.push(flagOf("unknown", courier.trim(), null, p, null));
      continue;
    }
    result.matched += 1;
    const prior = counted.get(order.id);
    const replacesApi =
      prior &&
      prior.source === "api" &&
      source === "sheet" &&
      (prior.reference === null || prior.reference === p.reference);
    if (prior && !replacesApi) {
      inserts.push({ ...p, order_id: order.id, counted: false });
      flags.push(flagOf("duplicate", order.courier, order, p, order.expected));
      continue;
    }
    if (replacesApi) replaced.push({ id: prior.id, payment: p });
    else inserts.push({ ...p, order_id: order.id, counted: true });
    counted.set(order.id, { id: "", order_id: order.id, source, reference: p.reference });
    paidOrders.push(order.id);
    if (order.status !== "delivered") flags.push(flagOf("paid_not_delivered", order.courier, order, p, order.expected));
    else if (p.amount + p.charges + p.tax < order.expected - SHORT_TOLERANCE)
      flags.push(flagOf("short", order.courier, order, p, order.expected));
  }

  const ids = await insertPayments(tx, courier.trim(), source, inserts, importId);
  if (replaced.length) await replaceApiPayments(tx, replaced, importId);
  const countedIds = inserts.filter((p) => p.counted).map((p) => ids.get(p.key)!);
  if (countedIds.length) await tx.execute(sql`select remittance_apply_payments(${pgArray(countedIds)}::bigint[], 1)`);
  if (flags.length) await insertFlags(tx, flags, ids);
  if (paidOrders.length)
    await tx.execute(sql`update remittance_flags set resolved_at = now(), resolved_by = 'system', note = 'Paid since'
      where kind = 'unpaid' and resolved_at is null
        and order_id in (select value::uuid from json_array_elements_text(${JSON.stringify(paidOrders)}::json))`);
}

/** A Postgres array literal of numeric ids (ids come from the database, never from a person). */
const pgArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

const flagOf = (
  kind: FlagKind,
  courier: string,
  order: OrderHit | null,
  p: PaymentIn,
  expected: number | null,
): FlagRow => ({
  courier,
  kind,
  order_id: order?.id ?? null,
  tracking_number: p.trackingNumber,
  key: p.key,
  expected,
  received: p.amount,
});

async function insertPayments(
  tx: Db,
  courier: string,
  source: PaymentSource,
  rows: Array<PaymentIn & { order_id: string | null; counted: boolean }>,
  importId: number | null,
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const json = JSON.stringify(
    rows.map((r) => ({
      t: r.trackingNumber,
      o: r.order_id,
      a: r.amount,
      c: r.charges,
      x: r.tax,
      p: r.paidAt.toISOString(),
      r: r.reference,
      k: r.key,
      n: r.counted,
    })),
  );
  const inserted = await queryRows<{ id: string; payment_key: string }>(
    tx,
    sql`insert into remittance_payments
        (courier, tracking_number, order_id, amount, charges, tax, paid_at, reference, source, payment_key, counted, import_id)
      select ${courier}, t, o, a, c, x, p, r, ${source}, k, n, ${importId}
      from json_to_recordset(${json}::json) as x(t text, o uuid, a numeric, c numeric, x numeric, p timestamptz, r text, k text, n boolean)
      returning id::text, payment_key`,
  );
  return new Map(inserted.map((r) => [r.payment_key, r.id]));
}

async function replaceApiPayments(
  tx: Db,
  replaced: Array<{ id: string; payment: PaymentIn }>,
  importId: number | null,
) {
  const ids = pgArray(replaced.map((r) => r.id));
  const json = JSON.stringify(
    replaced.map(({ id, payment: p }) => ({
      id,
      a: p.amount,
      c: p.charges,
      x: p.tax,
      p: p.paidAt.toISOString(),
      r: p.reference,
      k: p.key,
    })),
  );
  await tx.execute(sql`select remittance_apply_payments(${ids}::bigint[], -1)`);
  await tx.execute(sql`update remittance_payments pay set amount = x.a, charges = x.c, tax = x.x, paid_at = x.p,
      reference = coalesce(x.r, pay.reference), payment_key = x.k, source = 'sheet', import_id = ${importId}
    from json_to_recordset(${json}::json) as x(id bigint, a numeric, c numeric, x numeric, p timestamptz, r text, k text)
    where pay.id = x.id`);
  await tx.execute(sql`select remittance_apply_payments(${ids}::bigint[], 1)`);
}

async function insertFlags(tx: Db, flags: FlagRow[], ids: Map<string, string>) {
  const json = JSON.stringify(
    flags.map((f) => ({
      c: f.courier,
      k: f.kind,
      o: f.order_id,
      t: f.tracking_number,
      // A flag about a parcel (short, not delivered) is one per parcel; one about a payment names it.
      p: f.kind === "duplicate" || f.kind === "unknown" ? (f.key ? (ids.get(f.key) ?? null) : null) : null,
      e: f.expected,
      r: f.received,
    })),
  );
  await tx.execute(sql`insert into remittance_flags (courier, kind, order_id, tracking_number, payment_id, expected, received)
    select c, k, o, t, p, e, r
    from json_to_recordset(${json}::json) as x(c text, k text, o uuid, t text, p bigint, e numeric, r numeric)
    on conflict do nothing`);
}
