import type { CellValue, SheetRow } from "../../lib/sheets/index.js";
import { IMPORT_MAX_ROWS } from "./import-limits.js";
import { ImportErrors } from "./import-errors.js";

/** One data row with its cells by column name (the names the format knows). */
export interface TableRow {
  line: number;
  /** The cell under `column` as trimmed text ('' when empty or when the file has no such column). */
  text(column: string): string;
}

export interface TableHeader {
  /** The format's column names present in the file. */
  present: Set<string>;
  /** Header cells the format does not know, as the file spells them. */
  ignored: string[];
}

/** A cell as text: numbers as written (no thousands separators), dates as their day, booleans as TRUE/FALSE. */
export function cellText(cell: CellValue): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  const text = String(cell).trim();
  // The apostrophe an export puts before text a spreadsheet would run as a formula (reports/csv.ts).
  return /^'[\s;,]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text;
}

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Reads a sheet as a table of the format's `columns` (matched without regard to case or spacing;
 * `aliases` names other spellings of a column), the header on line 1. A file without one of the
 * format's required columns is reported (line 1, that column) and none of its rows is read; else
 * `onRow` is called for each data row, in order. Refuses a sheet with more than IMPORT_MAX_ROWS
 * rows, saying so.
 */
export interface TableFormat {
  columns: readonly string[];
  /** Other spellings of a column (Shopify's newer export names), by spelling. */
  aliases: Record<string, string>;
  /** Columns a file must have; without one, no row is read. */
  required: readonly string[];
  /** What to do when a required column is missing (ends the sentence after "is missing; "). */
  missingHint: string;
}

export async function readTable(
  rows: AsyncIterable<SheetRow>,
  format: TableFormat,
  errors: ImportErrors,
  onHeader: (header: TableHeader) => void,
  onRow: (row: TableRow) => void,
): Promise<number> {
  const { columns, aliases } = format;
  let usable = true;
  const known = new Map<string, string>();
  for (const c of columns) known.set(key(c), c);
  for (const [alias, c] of Object.entries(aliases)) known.set(key(alias), c);
  let index: Map<string, number> | null = null;
  let count = 0;
  for await (const row of rows) {
    if (!index) {
      if (row.line !== 1) {
        errors.add(1, "", "The first line must be the header (the column names); add it and upload the file again");
        return 0;
      }
      index = new Map();
      const ignored: string[] = [];
      row.cells.forEach((cell, i) => {
        const name = cellText(cell);
        if (!name) return;
        const column = known.get(key(name));
        if (column && !index!.has(column)) index!.set(column, i);
        else if (!ignored.includes(name)) ignored.push(name);
      });
      for (const column of format.required)
        if (!index.has(column)) {
          usable = false;
          errors.add(1, column, `The column "${column}" is missing; ${format.missingHint}`);
        }
      onHeader({ present: new Set(index.keys()), ignored });
      continue;
    }
    count += 1;
    if (count > IMPORT_MAX_ROWS)
      throw errors.refusal(
        `This file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows (the most one import takes); split it into smaller files and import each`,
      );
    if (!usable) continue;
    const cells = row.cells;
    const positions = index;
    onRow({
      line: row.line,
      text: (column) => {
        const i = positions.get(column);
        return i === undefined ? "" : cellText(cells[i]);
      },
    });
  }
  if (!index) errors.add(1, "", "The file is empty; export the products again and upload that file");
  return count;
}
