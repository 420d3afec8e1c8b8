import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ImportResult } from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/index.js";
import { PAYMENTS_LOCK } from "./remittance-listener.js";
import { paymentKey, recordPayments, type PaymentIn, type PaymentSource } from "./record-payments.js";
import { rememberMapping, type SettlementUpload } from "./sheet-upload.js";

/**
 * Rows of a settlement sheet recorded per transaction (L6, issue 38): the embedded database
 * answers one statement at a time, so a 50,000-row sheet in one transaction kept the storefront
 * waiting for seconds; between these batches other requests get their turn.
 */
export const IMPORT_BATCH_ROWS = 1_000;
/**
 * Between batches the import gives way for a moment. PGlite runs in this thread and its promises
 * settle without a turn of the event loop, so without a pause no waiting request would even be
 * read until the last batch; with a single turn (setImmediate), a request needing several queries
 * still waited one batch per query (measured in bench/import-latency.ts).
 */
export const IMPORT_PAUSE_MS = 10;

/** One writer of payments at a time (imports and the courier pull), so a sheet sent twice at once records once. */
export async function lockPayments(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENTS_LOCK})`);
}

/** Records payments from one source in a transaction of their own, under the payments lock. */
export async function recordInTransaction(
  db: Db,
  courier: string,
  source: PaymentSource,
  payments: readonly PaymentIn[],
  importId: number | null = null,
): Promise<ImportResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockPayments(tx);
    return recordPayments(tx, courier, source, payments, importId);
  });
}

const paymentsOf = (upload: SettlementUpload, now: Date): PaymentIn[] =>
  upload.payments.map((p) => ({
    trackingNumber: p.trackingNumber,
    amount: p.amount,
    charges: p.charges,
    tax: p.tax,
    paidAt: p.paidAt ?? now,
    reference: p.reference,
    key: paymentKey("sheet", upload.courier, {
      trackingNumber: p.trackingNumber,
      reference: p.reference,
      paidOn: p.paidAt ? p.paidAt.toISOString() : null,
      amount: p.amount,
    }),
  }));

/**
 * A settlement sheet, read whole and valid first (an unreadable row records nothing), then
 * recorded IMPORT_BATCH_ROWS rows per transaction, the import's counts kept up to date with each.
 * A row recorded before is recognised by its payment key, in this sheet or an earlier one, so
 * importing the sheet again (also after a failure part way) records nothing twice. A failure part
 * way answers how many rows were recorded and says to import the sheet again.
 */
export async function importSettlement(
  db: Db,
  upload: SettlementUpload,
  actor: string,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ImportResult> {
  const payments = paymentsOf(upload, now);
  const [{ id: importId }] = await queryRows<{ id: number }>(
    db,
    sql`insert into remittance_imports (courier, file_name, rows, matched, unmatched, duplicates, actor)
      values (${upload.courier}, ${upload.filename}, ${payments.length}, 0, 0, 0, ${actor}) returning id`,
  );
  const result: ImportResult = { rows: payments.length, matched: 0, unmatched: 0, duplicates: 0 };
  let done = 0;
  const audit = (tx: Db, recorded: object) =>
    recordAudit(tx, {
      actor,
      action: "remittances.import",
      entity: "remittance_import",
      entityId: importId,
      after: { courier: upload.courier, file: upload.filename, mapping: upload.mapping, ...result, ...recorded },
    });
  try {
    for (; done < payments.length; done += IMPORT_BATCH_ROWS) {
      if (done > 0) await delay(IMPORT_PAUSE_MS);
      const batch = payments.slice(done, done + IMPORT_BATCH_ROWS);
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await lockPayments(tx);
        const counts = await recordPayments(tx, upload.courier, "sheet", batch, importId);
        await tx.execute(sql`update remittance_imports set matched = matched + ${counts.matched},
          unmatched = unmatched + ${counts.unmatched}, duplicates = duplicates + ${counts.duplicates} where id = ${importId}`);
        result.matched += counts.matched;
        result.unmatched += counts.unmatched;
        result.duplicates += counts.duplicates;
      });
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await rememberMapping(tx, upload.courier, upload.mapping);
      await audit(tx, {});
    });
    return result;
  } catch (err) {
    log.error({ err, importId, recordedRows: done }, "settlement import failed part way");
    const recorded = Math.min(done, payments.length);
    await audit(db, { failed: true, recordedRows: recorded }).catch(() => {});
    throw new AppError("INTERNAL", partialMessage(upload, recorded));
  }
}

/** What a failure part way recorded, and what to do. */
function partialMessage(upload: SettlementUpload, recorded: number): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const what =
    recorded === 0
      ? "before recording any payment of this sheet"
      : `after recording ${n(recorded)} of this sheet's ${n(upload.payments.length)} payments (up to line ${n(upload.payments[recorded - 1].line)})`;
  return `The import stopped ${what}; import the same sheet again to record the rest (a payment recorded already is not recorded twice)`;
}
