import { sql } from "drizzle-orm";
import {
  courierName,
  remittanceMapping,
  type RemittanceMapping,
  type SheetPreview,
} from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { AppError } from "../../lib/app-error.js";
import { readSheetRows, type SheetForm } from "../../lib/sheets/index.js";
import { parse } from "../../lib/validate.js";
import { previewSheet, readSettlement, type SheetPayment } from "./settlement-sheet.js";

/** The courier's remembered column mapping, or null. */
export async function rememberedMapping(db: Db, courier: string): Promise<RemittanceMapping | null> {
  const [row] = await queryRows<{ mapping: RemittanceMapping }>(
    db,
    sql`select mapping from remittance_mappings where lower(courier) = lower(${courier}) order by updated_at desc limit 1`,
  );
  return row ? row.mapping : null;
}

export async function rememberMapping(db: Db, courier: string, mapping: RemittanceMapping): Promise<void> {
  await db.execute(sql`insert into remittance_mappings (courier, mapping) values (${courier}, ${JSON.stringify(mapping)}::jsonb)
    on conflict (courier) do update set mapping = excluded.mapping, updated_at = now()`);
}

export interface SettlementUpload {
  courier: string;
  mapping: RemittanceMapping;
  filename: string;
  payments: SheetPayment[];
}

/** The form's sheet, or a refusal naming every part that is missing. */
function sheetOf(form: SheetForm, needsCourier: boolean) {
  const missing = [
    ...(form.file ? [] : ["`file` (the courier's settlement sheet, CSV or XLSX)"]),
    ...(needsCourier && form.fields.courier === undefined ? ["`courier` (the courier that sent the sheet)"] : []),
  ];
  if (missing.length)
    throw new AppError("VALIDATION", `The form has no ${missing.join(" and no ")}; send it again with them`);
  return form.file!;
}

/** POST /api/admin/remittances/import's form, its parts in any order: the courier, the mapping (or the remembered one), the sheet's rows. */
export async function readSettlementUpload(db: Db, form: SheetForm): Promise<SettlementUpload> {
  const file = sheetOf(form, true);
  const courier = parse(courierName, form.fields.courier);
  let mapping: RemittanceMapping | null = null;
  if (form.fields.mapping) {
    let json: unknown;
    try {
      json = JSON.parse(form.fields.mapping);
    } catch {
      throw new AppError("VALIDATION", "The column mapping must be a JSON object naming the sheet's columns");
    }
    mapping = parse(remittanceMapping, json);
  } else mapping = await rememberedMapping(db, courier);
  if (!mapping)
    throw new AppError(
      "VALIDATION",
      `Choose the sheet's columns for ${courier}: at least the tracking number and the amount (sent as \`mapping\`)`,
    );
  const payments = await readSettlement(readSheetRows(file.path, file.kind), mapping);
  return { courier, mapping, filename: file.filename, payments };
}

/** POST /api/admin/remittances/preview's form: the sheet's header and first rows, and the courier's remembered mapping. */
export async function readSheetPreview(db: Db, form: SheetForm): Promise<SheetPreview> {
  const file = sheetOf(form, false);
  const courier = form.fields.courier === undefined ? null : parse(courierName, form.fields.courier);
  const preview = await previewSheet(readSheetRows(file.path, file.kind));
  const mapping = courier ? await rememberedMapping(db, courier) : null;
  return { ...preview, mapping };
}
