import { AppError } from "../app-error.js";
import { csvRows } from "./csv-rows.js";
import type { SheetKind, SheetRow } from "./sheet-row.js";
import { xlsxRows } from "./xlsx-rows.js";

/** CSV or XLSX, from the file's name and type; an old binary .xls is refused with what to do. */
export function sheetKindOf(filename: string, mimetype: string): SheetKind {
  if (/\.xlsx$/i.test(filename) || mimetype.includes("spreadsheetml")) return "xlsx";
  if (/\.xls$/i.test(filename) || mimetype === "application/vnd.ms-excel")
    throw new AppError("VALIDATION", "This is an old Excel (.xls) file: open it in Excel and save it as .xlsx or .csv");
  return "csv";
}

/**
 * The rows of a spooled sheet, one at a time (never the whole sheet in memory): a CSV's records,
 * or the first worksheet of an XLSX. Empty rows are left out but still counted in the line
 * numbers. Every bound of ./bounds.ts holds while reading.
 */
export function readSheetRows(path: string, kind: SheetKind): AsyncGenerator<SheetRow> {
  return kind === "csv" ? csvRows(path) : xlsxRows(path);
}
