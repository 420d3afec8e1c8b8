import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import {
  SHEET_MAX_BYTES,
  courierName,
  remittanceMapping,
  type RemittanceMapping,
  type SheetPreview,
} from "@shared/schemas/remittances.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { previewSheet, readSettlement, type SheetPayment } from "./settlement-sheet.js";
import { readSheetRows, sheetKindOf } from "./sheet-reader.js";

const tooBig = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This sheet is larger than ${SHEET_MAX_BYTES / 1024 / 1024} MB; split it into smaller sheets and import each`,
  );

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

type Mode<T> = (
  courier: string | null,
  fields: Record<string, string>,
  file: { rows: ReturnType<typeof readSheetRows>; filename: string },
) => Promise<T>;

/**
 * Reads a multipart form whose fields come before its one file, handing the file's rows, as they
 * arrive, to `read`. The file is never held whole; one over SHEET_MAX_BYTES is refused.
 */
async function readSheetForm<T>(request: FastifyRequest, read: Mode<T>): Promise<T> {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the sheet as a multipart form (courier, mapping, file)");
  const fields: Record<string, string> = {};
  let answer: { value: T } | null = null;
  // Over the size, the file ends early (truncated) rather than throwing: the reader's answer is replaced by the size's.
  const options = { limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 10 }, throwFileSizeLimit: false };
  for await (const part of request.parts(options as Parameters<FastifyRequest["parts"]>[0])) {
    if (part.type !== "file") {
      fields[part.fieldname] = String(part.value ?? "").slice(0, 10_000);
      continue;
    }
    if (answer) {
      part.file.resume();
      continue;
    }
    const courier = fields.courier === undefined ? null : parse(courierName, fields.courier);
    const filename = (part.filename || "sheet").slice(0, 200);
    try {
      const rows = readSheetRows(part.file, sheetKindOf(filename, part.mimetype));
      answer = { value: await read(courier, fields, { rows, filename }) };
    } catch (err) {
      part.file.resume();
      if (part.file.truncated) throw tooBig();
      throw err;
    }
    if (part.file.truncated) throw tooBig();
  }
  if (!answer) throw new AppError("VALIDATION", "Attach the courier's settlement sheet (CSV or XLSX) as `file`");
  return answer.value;
}

/** POST /api/admin/remittances/import's form: the courier, the mapping (or the remembered one), the sheet's rows. */
export function readSettlementUpload(request: FastifyRequest, db: Db): Promise<SettlementUpload> {
  return readSheetForm(request, async (courier, fields, file) => {
    if (!courier)
      throw new AppError("VALIDATION", "Choose the courier that sent this sheet (send `courier` before the file)");
    let mapping: RemittanceMapping | null = null;
    if (fields.mapping) {
      let json: unknown;
      try {
        json = JSON.parse(fields.mapping);
      } catch {
        throw new AppError("VALIDATION", "The column mapping must be a JSON object naming the sheet's columns");
      }
      mapping = parse(remittanceMapping, json);
    } else mapping = await request.withPlace(() => rememberedMapping(db, courier));
    if (!mapping)
      throw new AppError(
        "VALIDATION",
        `Choose the sheet's columns for ${courier}: at least the tracking number and the amount`,
      );
    const payments = await readSettlement(file.rows, mapping);
    return { courier, mapping, filename: file.filename, payments };
  });
}

/** POST /api/admin/remittances/preview's form: the sheet's header and first rows, and the courier's remembered mapping. */
export function readSheetPreview(request: FastifyRequest, db: Db): Promise<SheetPreview> {
  return readSheetForm(request, async (courier, _fields, file) => {
    const preview = await previewSheet(file.rows);
    const mapping = courier ? await request.withPlace(() => rememberedMapping(db, courier)) : null;
    return { ...preview, mapping };
  });
}
