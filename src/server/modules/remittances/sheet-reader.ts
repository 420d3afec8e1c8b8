import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { AppError } from "../../lib/app-error.js";
import type { CellValue } from "./sheet-values.js";

/** One row of a sheet, numbered as the courier's spreadsheet numbers it (the header is line 1). */
export interface SheetRow {
  line: number;
  cells: CellValue[];
}

export type SheetKind = "csv" | "xlsx";

/** CSV or XLSX, from the file's name and type; an old binary .xls is refused with what to do. */
export function sheetKindOf(filename: string, mimetype: string): SheetKind {
  if (/\.xlsx$/i.test(filename) || mimetype.includes("spreadsheetml")) return "xlsx";
  if (/\.xls$/i.test(filename) || mimetype === "application/vnd.ms-excel")
    throw new AppError("VALIDATION", "This is an old Excel (.xls) file: open it in Excel and save it as .xlsx or .csv");
  return "csv";
}

/**
 * The rows of the sheet, read as the upload arrives (never the whole file in memory): a CSV's
 * records, or the first worksheet of an XLSX through ExcelJS's streaming reader. Empty rows are
 * left out but still counted in the line numbers.
 */
export function readSheetRows(input: Readable, kind: SheetKind): AsyncGenerator<SheetRow> {
  return kind === "csv" ? csvRows(input) : xlsxRows(input);
}

const isEmpty = (cells: CellValue[]) => cells.every((c) => c === null || c === undefined || c === "");

async function* csvRows(input: Readable): AsyncGenerator<SheetRow> {
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (!isEmpty(record)) yield { line, cells: record };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const at = (err as { lines?: number }).lines ?? line + 1;
    throw new AppError(
      "VALIDATION",
      `Line ${at}: the CSV cannot be read (${(err as Error).message.replace(/^Invalid .*?: /, "").slice(0, 120)}); save the sheet again as CSV and upload it`,
    );
  } finally {
    input.unpipe(parser);
    input.resume();
  }
}

/** An ExcelJS cell value as a plain value: rich text as its text, a formula as its result. */
function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || value instanceof Date) return value as CellValue;
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return plain((value.result ?? null) as ExcelJS.CellValue);
  if ("text" in value) return plain(value.text as ExcelJS.CellValue);
  return null;
}

async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (sheets > 1) continue; // Only the first worksheet is the settlement.
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (v) => plain(v as ExcelJS.CellValue));
        if (!isEmpty(cells)) yield { line: row.number, cells };
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      "VALIDATION",
      "The Excel file cannot be read; open it in Excel, save it again as .xlsx (or .csv) and upload it",
    );
  } finally {
    input.resume();
  }
}
