import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { CourierRefused, type Courier } from "../shipping/index.js";
import { enabledCouriers } from "../shipping/index.js";
import { paymentKey, type PaymentIn } from "./record-payments.js";
import { recordInTransaction } from "./import-settlement.js";
import { readDate } from "./sheet-values.js";

/** Parcels asked about per courier per run (the longest unpaid first), and calls in flight per courier. */
export const PULL_BATCH = 200;
const IN_FLIGHT = 4;

export interface PullRun {
  asked: number;
  paid: number;
}

/**
 * Asks each connected courier's payment call about delivered parcels it has not been recorded as
 * paying for, oldest delivery first, and records what it says it paid (decision 028). A courier
 * that does not give the amount is taken to have paid the parcel's COD, with no charges known: its
 * settlement sheet, imported later, replaces that with its figures. A courier that is down throws,
 * after the others were asked, so the job runner tries again later.
 */
export async function pullPayments(deps: { db: Db; secrets: SecretBox | null }, now: Date): Promise<PullRun> {
  const couriers = await enabledCouriers(deps.db, deps.secrets);
  const run: PullRun = { asked: 0, paid: 0 };
  let failure: unknown = null;
  for (const courier of couriers.values())
    await pullFrom(deps.db, courier, now, run).catch((err) => {
      failure ??= err;
    });
  if (failure) throw failure;
  return run;
}

async function pullFrom(db: Db, courier: Courier, now: Date, run: PullRun): Promise<void> {
  // Parcels asked about recently wait their turn behind the others (remittance_api_asks).
  const parcels = await queryRows<{ id: string; tracking_number: string; expected: string }>(
    db,
    sql`select o.id, o.tracking_number, o.cod_amount as expected
      from orders o left join remittance_api_asks a on a.order_id = o.id
      where o.status = 'delivered' and o.courier = ${courier.name} and o.tracking_number is not null
        and not exists (select 1 from remittance_payments p where p.order_id = o.id and p.counted)
      order by a.asked_at asc nulls first, o.delivered_at asc
      limit ${PULL_BATCH}`,
  );
  const paid: PaymentIn[] = [];
  const asked: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < parcels.length) {
      const parcel = parcels[next++];
      try {
        const answer = await courier.paymentStatus(parcel.tracking_number);
        asked.push(parcel.id);
        if (!answer.paid) continue;
        const date = readDate(answer.paidOn);
        const amount = answer.amount ?? Number(parcel.expected);
        paid.push({
          trackingNumber: parcel.tracking_number,
          amount,
          charges: 0,
          tax: 0,
          paidAt: (date.ok && date.value) || now,
          reference: answer.reference,
          key: paymentKey("api", courier.name, {
            trackingNumber: parcel.tracking_number,
            reference: null,
            paidOn: null,
            amount,
          }),
        });
      } catch (err) {
        if (err instanceof CourierRefused) asked.push(parcel.id);
        else throw err;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, parcels.length) }, worker));
  } finally {
    run.asked += asked.length;
    if (asked.length)
      await db.execute(sql`insert into remittance_api_asks (order_id, asked_at)
        select value::uuid, ${now.toISOString()}::timestamptz from json_array_elements_text(${JSON.stringify(asked)}::json)
        on conflict (order_id) do update set asked_at = excluded.asked_at`);
    if (paid.length) run.paid += (await recordInTransaction(db, courier.name, "api", paid)).matched;
  }
}
