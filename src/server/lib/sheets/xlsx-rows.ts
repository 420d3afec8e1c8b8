import { SHEET_MAX_CELL_CHARS, SHEET_MAX_COLUMNS, SHEET_MAX_LINES } from "./bounds.js";
import { openBoundedZip } from "./bounded-zip.js";
import { sheetErrors } from "./sheet-errors.js";
import { isEmptyRow, type CellValue, type SheetRow } from "./sheet-row.js";
import { readWorkbookParts, type WorkbookParts } from "./xlsx-parts.js";
import { parseXml } from "./xml-stream.js";

/** Days from Excel's day 0 (1899-12-30) to 1970-01-01; a 1904 workbook counts from 1904-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAYS_1900_TO_1904 = 1462;

/** Column letters (`AB` of `AB12`) as a 1-based number. */
function columnOf(ref: string): number {
  let column = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > 16_384) break;
  }
  return column;
}

interface Cell {
  column: number;
  type: string;
  style: number;
  text: string;
  /** Inside `<v>`, or `<t>` of an inline string (not a phonetic hint). */
  capturing: boolean;
}

/**
 * The rows of the first worksheet of an XLSX file, read with random access after its shared texts
 * and styles, its XML streamed: what ExcelJS's reader answered (rich text as text, a formula as
 * its result, a date-formatted number as a Date in UTC wall-clock), within the bounds.
 */
export async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  const zip = await openBoundedZip(path);
  try {
    const parts = await readWorkbookParts(zip);
    const sheet = await zip.open(parts.sheetPath);
    if (!sheet) throw sheetErrors.unreadableXlsx();
    const ready: SheetRow[] = [];
    let line = 0;
    let cells: CellValue[] = [];
    let column = 0;
    let cell: Cell | null = null;
    let phonetic = 0;
    const rows = parseXml(sheet, {
      open(name, a) {
        if (name === "row") {
          line = a.r ? Number(a.r) : line + 1;
          if (!(line <= SHEET_MAX_LINES)) throw sheetErrors.tooManyLines(SHEET_MAX_LINES);
          cells = [];
          column = 0;
        } else if (name === "c") {
          column = a.r ? columnOf(a.r) : column + 1;
          cell = { column, type: a.t ?? "n", style: Number(a.s ?? 0), text: "", capturing: false };
        } else if (cell && (name === "v" || (name === "t" && phonetic === 0))) cell.capturing = true;
        else if (name === "rPh") phonetic += 1;
      },
      text(text) {
        if (!cell?.capturing) return;
        cell.text += text;
        if (cell.text.length > SHEET_MAX_CELL_CHARS) throw sheetErrors.cellTooLong(line, SHEET_MAX_CELL_CHARS);
      },
      close(name) {
        if (name === "v" || name === "t") {
          if (cell) cell.capturing = false;
        } else if (name === "rPh") phonetic -= 1;
        else if (name === "c" && cell) {
          const value = valueOf(cell, parts);
          if (value !== null) {
            if (cell.column > SHEET_MAX_COLUMNS) throw sheetErrors.tooManyColumns(line, SHEET_MAX_COLUMNS);
            cells[cell.column - 1] = value;
          }
          cell = null;
        } else if (name === "row") {
          const values = Array.from(cells, (v) => v ?? null);
          if (!isEmptyRow(values)) ready.push({ line, cells: values });
        }
      },
    });
    for await (const _ of rows) yield* ready.splice(0);
    yield* ready.splice(0);
  } finally {
    zip.close();
  }
}

function valueOf(cell: Cell, parts: WorkbookParts): CellValue {
  const { type, text } = cell;
  if (type === "s") return text === "" ? null : (parts.sharedStrings[Number(text)] ?? null);
  if (type === "inlineStr" || type === "str") return text;
  if (type === "b") return text === "1" || text === "true";
  if (type === "e") return null;
  if (text === "") return null;
  if (type === "d") return new Date(text);
  const number = Number(text);
  if (!Number.isFinite(number)) return null;
  if (!parts.dateStyles[cell.style]) return number;
  const days = number - EXCEL_EPOCH_DAYS + (parts.date1904 ? DAYS_1900_TO_1904 : 0);
  return new Date(Math.round(days * 86_400_000));
}
