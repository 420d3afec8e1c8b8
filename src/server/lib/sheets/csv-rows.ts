import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { AppError } from "../app-error.js";
import { SHEET_MAX_COLUMNS, SHEET_MAX_LINES } from "./bounds.js";
import { sheetErrors } from "./sheet-errors.js";
import { isEmptyRow, type SheetRow } from "./sheet-row.js";
import { textEncodingOf, windows1252ToUtf8 } from "./text-encoding.js";

/**
 * A CSV's records, streamed from the spooled file; empty lines left out but counted. UTF-8 (a BOM
 * or none) or, when the file is not valid UTF-8, Windows-1252 (Excel's "CSV" on Windows).
 */
export async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const encoding = await textEncodingOf(path);
  const input = createReadStream(path);
  const text = encoding === "utf-8" ? input : input.pipe(windows1252ToUtf8());
  const parser = text.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (line > SHEET_MAX_LINES) throw sheetErrors.tooManyLines(SHEET_MAX_LINES);
      if (isEmptyRow(record)) continue;
      if (record.length > SHEET_MAX_COLUMNS && !isEmptyRow(record.slice(SHEET_MAX_COLUMNS)))
        throw sheetErrors.tooManyColumns(line, SHEET_MAX_COLUMNS);
      yield { line, cells: record.slice(0, SHEET_MAX_COLUMNS) };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const at = (err as { lines?: number }).lines ?? line + 1;
    throw new AppError(
      "VALIDATION",
      `Line ${at}: the CSV cannot be read (${(err as Error).message.replace(/^Invalid .*?: /, "").slice(0, 120)}); save the sheet again as CSV and upload it`,
    );
  } finally {
    input.destroy();
  }
}
