import { MAPPING_FIELDS, SHEET_MAX_ROWS, type RemittanceMapping } from "@shared/schemas/remittances.js";
import { AppError } from "../../lib/app-error.js";
import type { SheetRow } from "../../lib/sheets/index.js";
import { cellText, readAmount, readDate, type Read } from "./sheet-values.js";

/** One payment as a settlement sheet's row gives it. */
export interface SheetPayment {
  line: number;
  trackingNumber: string;
  amount: number;
  charges: number;
  tax: number;
  paidAt: Date | null;
  reference: string | null;
}

const tooManyRows = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This sheet has more than ${SHEET_MAX_ROWS.toLocaleString("en-US")} rows; split it into smaller sheets and import each`,
  );

const headerOf = (row: SheetRow) => row.cells.map((c) => cellText(c));

/** The header (the first row with anything in it) and the first `count` rows after it, as text. */
export async function previewSheet(rows: AsyncIterable<SheetRow>, count = 8) {
  let columns: string[] | null = null;
  const first: string[][] = [];
  for await (const row of rows) {
    if (!columns) columns = headerOf(row);
    else first.push(row.cells.map((c) => cellText(c)));
    if (first.length >= count) break;
  }
  if (!columns) throw new AppError("VALIDATION", "This sheet is empty; export the settlement again and upload it");
  return { columns, rows: first };
}

/**
 * Every row of a settlement sheet read through the owner's column mapping. The first row with
 * anything in it is the header. Any cell that cannot be read refuses the whole sheet, naming its
 * line and column; so does a sheet longer than SHEET_MAX_ROWS rows.
 */
export async function readSettlement(
  rows: AsyncIterable<SheetRow>,
  mapping: RemittanceMapping,
): Promise<SheetPayment[]> {
  let index: Partial<Record<keyof RemittanceMapping, number>> | null = null;
  const payments: SheetPayment[] = [];
  for await (const row of rows) {
    if (!index) {
      index = columnsOf(headerOf(row), mapping);
      continue;
    }
    if (payments.length >= SHEET_MAX_ROWS) throw tooManyRows();
    payments.push(readRow(row, index, mapping));
  }
  if (!index) throw new AppError("VALIDATION", "This sheet is empty; export the settlement again and upload it");
  return payments;
}

function columnsOf(header: string[], mapping: RemittanceMapping) {
  const folded = header.map((h) => h.trim().toLowerCase());
  const index: Partial<Record<keyof RemittanceMapping, number>> = {};
  for (const field of MAPPING_FIELDS) {
    const name = mapping[field];
    if (!name) continue;
    const at = folded.indexOf(name.trim().toLowerCase());
    if (at === -1)
      throw new AppError(
        "VALIDATION",
        `Line 1: the sheet has no column "${name}" (its columns: ${header.filter(Boolean).join(", ").slice(0, 300)}); choose the columns again`,
      );
    index[field] = at;
  }
  return index;
}

function readRow(row: SheetRow, index: Partial<Record<keyof RemittanceMapping, number>>, mapping: RemittanceMapping) {
  const cell = (field: keyof RemittanceMapping) => (index[field] === undefined ? null : row.cells[index[field]!]);
  const take = <T>(field: keyof RemittanceMapping, read: Read<T>): T => {
    if (read.ok) return read.value;
    throw new AppError(
      "VALIDATION",
      `Line ${row.line}, column "${mapping[field]}": ${read.problem}. Correct it and import the sheet again; nothing of it was recorded`,
    );
  };
  const trackingNumber = cellText(cell("trackingNumber"));
  if (!trackingNumber || trackingNumber.length > 60)
    take("trackingNumber", {
      ok: false,
      problem: trackingNumber
        ? "is longer than a tracking number"
        : "is empty; every row needs the parcel's tracking number",
    });
  const reference = cellText(cell("reference")).slice(0, 100) || null;
  return {
    line: row.line,
    trackingNumber,
    amount: take("amount", readAmount(cell("amount"), null)),
    charges: take("charges", readAmount(cell("charges"), 0)),
    tax: take("tax", readAmount(cell("tax"), 0)),
    paidAt: take("paidAt", readDate(cell("paidAt"))),
    reference,
  };
}
