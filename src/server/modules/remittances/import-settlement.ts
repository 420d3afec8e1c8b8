import { sql } from "drizzle-orm";
import type { ImportResult } from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { recordAudit } from "../audit/index.js";
import { PAYMENTS_LOCK } from "./remittance-listener.js";
import { paymentKey, recordPayments, type PaymentIn, type PaymentSource } from "./record-payments.js";
import { rememberMapping, type SettlementUpload } from "./sheet-upload.js";

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
  before?: (tx: Db) => Promise<number | null>,
  after?: (tx: Db, result: ImportResult, importId: number | null) => Promise<void>,
): Promise<ImportResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockPayments(tx);
    const importId = before ? await before(tx) : null;
    const result = await recordPayments(tx, courier, source, payments, importId);
    if (after) await after(tx, result, importId);
    return result;
  });
}

/**
 * A settlement sheet, read whole and valid, recorded in one transaction: the import, its payments
 * and flags, the remembered mapping and the audit line; nothing of it when any of it fails.
 */
export async function importSettlement(
  db: Db,
  upload: SettlementUpload,
  actor: string,
  now: Date,
): Promise<ImportResult> {
  const payments: PaymentIn[] = upload.payments.map((p) => ({
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
  return recordInTransaction(
    db,
    upload.courier,
    "sheet",
    payments,
    async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into remittance_imports (courier, file_name, rows, matched, unmatched, duplicates, actor)
          values (${upload.courier}, ${upload.filename}, ${payments.length}, 0, 0, 0, ${actor}) returning id`,
      );
      return row.id;
    },
    async (tx, result, importId) => {
      await tx.execute(sql`update remittance_imports set matched = ${result.matched}, unmatched = ${result.unmatched},
        duplicates = ${result.duplicates} where id = ${importId}`);
      await rememberMapping(tx, upload.courier, upload.mapping);
      await recordAudit(tx, {
        actor,
        action: "remittances.import",
        entity: "remittance_import",
        entityId: importId ?? "",
        after: { courier: upload.courier, file: upload.filename, mapping: upload.mapping, ...result },
      });
    },
  );
}
