import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repeated, writeCraftedZip, xlsxParts, type ZipPart } from "../../test/crafted-zip.js";
import {
  SHEET_MAX_COLUMNS,
  SHEET_MAX_ENTRIES,
  SHEET_MAX_ENTRY_BYTES,
  SHEET_MAX_LINES,
  SHEET_MAX_SHARED_STRING_CHARS,
  SHEET_MAX_SHARED_STRINGS,
  SHEET_MAX_TOTAL_BYTES,
  readSheetRows,
  type SheetRow,
} from "./index.js";

/** Issue 38 (M1): spreadsheets are read within bounds, however they are packed. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sheet-reader-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
const MB = 1024 * 1024;

async function crafted(parts: Array<ZipPart | null>): Promise<string> {
  const path = join(dir, `crafted-${++n}.xlsx`);
  await writeCraftedZip(
    path,
    parts.filter((p): p is ZipPart => p !== null),
  );
  return path;
}

async function rowsOf(path: string, kind: "xlsx" | "csv" = "xlsx"): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(path, kind)) rows.push(row);
  return rows;
}

/** Reads the sheet while sampling the process's memory: the refusal, and how much the memory grew at most. */
async function refusalOf(path: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await rowsOf(path);
    throw new Error("the sheet was read whole");
  } catch (err) {
    return { error: err as Error & { status?: number }, grewMB: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

const rowXml = (line: number, text: string) =>
  `<row r="${line}"><c r="A${line}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

describe("reading an XLSX sheet", () => {
  it("reads the first worksheet as Excel shows it: rich text, formula results, dates, numbers, empty rows counted", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Settlement");
    sheet.addRow(["Tracking", "Net", "Twice", "Paid On", "OK"]);
    sheet.addRow([
      12345678901234,
      { richText: [{ text: "Rs. " }, { font: { bold: true }, text: "1,250" }] },
      { formula: "B3*2", result: 2500 },
      new Date(Date.UTC(2026, 10, 20)),
      true,
    ]);
    sheet.getRow(4).values = ["LE7788", 1250.5];
    book.addWorksheet("Notes").addRow(["not the settlement"]);
    const path = join(dir, "excel.xlsx");
    await book.xlsx.writeFile(path);

    expect(await rowsOf(path)).toEqual([
      { line: 1, cells: ["Tracking", "Net", "Twice", "Paid On", "OK"] },
      { line: 2, cells: [12345678901234, "Rs. 1,250", 2500, new Date(Date.UTC(2026, 10, 20)), true] },
      { line: 4, cells: ["LE7788", 1250.5] },
    ]);
  });

  it("reads the shared texts first even when the worksheet comes before them in the zip", async () => {
    const parts = xlsxParts({
      rows: () => [`<row r="1"><c r="A1" t="s"><v>1</v></c><c r="C1" t="s"><v>0</v></c></row>`],
      sharedStrings: () => [
        `<sst ${""}><si><t>Tracking</t></si><si><r><t>Rich </t></r><r><t>text</t></r><rPh><t>ふりがな</t></rPh></si></sst>`,
      ],
    });
    const path = await crafted([parts.sheet, parts.sharedStrings, parts.rels, parts.workbook]);
    expect(await rowsOf(path)).toEqual([{ line: 1, cells: ["Rich text", null, "Tracking"] }]);
  });
});

describe("the bounds of an XLSX sheet", () => {
  it("refuses a part whose stated size is past the bound before inflating any of it", async () => {
    const parts = xlsxParts({ rows: () => repeated(rowXml(1, "x"), SHEET_MAX_ENTRY_BYTES + MB) });
    const { error, grewMB } = await refusalOf(await crafted([parts.workbook, parts.rels, parts.sheet]));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/unpacks to more than 100 MB; split it into smaller sheets \(or save it as \.csv\)/);
    expect(grewMB).toBeLessThan(64);
  });

  it("stops a part that inflates past the size it states", async () => {
    const parts = xlsxParts({ rows: () => repeated(rowXml(1, "x"), 8 * MB) });
    const lying = { ...parts.sheet!, declaredSize: 1_000 };
    const { error } = await refusalOf(await crafted([parts.workbook, parts.rels, lying]));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/cannot be read; open it in Excel, save it again/);
  });

  it("stops inflating once the parts together pass the bound, with memory bounded", async () => {
    const half = Math.ceil(SHEET_MAX_TOTAL_BYTES / 2) + MB;
    const parts = xlsxParts({
      // A few rows, then one row of empty cells that never ends.
      rows: () => [rowXml(1, "a"), rowXml(2, "b"), '<row r="3">', ...repeated("<c/>", half), "</row>"],
      styles: () => ["<styleSheet>", ...repeated(" ".repeat(1024), half), "</styleSheet>"],
    });
    const { error, grewMB } = await refusalOf(await crafted([parts.workbook, parts.rels, parts.sheet, parts.styles]));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/unpacks to more than 160 MB/);
    expect(grewMB).toBeLessThan(128);
  });

  it("refuses a zip of too many parts", async () => {
    const parts = xlsxParts({ rows: () => [rowXml(1, "x")] });
    const filler = Array.from({ length: SHEET_MAX_ENTRIES }, (_, i) => ({
      name: `xl/media/p${i}.txt`,
      chunks: () => ["x"],
    }));
    const { error } = await refusalOf(await crafted([parts.workbook, parts.rels, parts.sheet, ...filler]));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/more than 1,000 parts/);
  });

  it("refuses too many rows or columns, naming the line, and too long a cell", async () => {
    const far = xlsxParts({ rows: () => [rowXml(1, "x"), `<row r="${SHEET_MAX_LINES + 1}"><c><v>1</v></c></row>`] });
    const long = await refusalOf(await crafted([far.workbook, far.rels, far.sheet]));
    expect([long.error.status, long.error.message]).toEqual([
      413,
      "This sheet has more than 100,000 rows; split it into smaller sheets and import each",
    ]);

    // An empty formatted cell far right is skipped; a value there is refused.
    const column = `<c r="IV3" s="0"/><c r="IW3"><v>7</v></c>`;
    const wide = xlsxParts({
      rows: () => [rowXml(1, "x"), `<row r="2"><c r="XFD2" s="1"/></row>`, `<row r="3">${column}</row>`],
    });
    const refused = await refusalOf(await crafted([wide.workbook, wide.rels, wide.sheet]));
    expect(refused.error.message).toMatch(/^Line 3: this sheet has more than 256 columns; delete the columns/);
    expect(SHEET_MAX_COLUMNS).toBe(256);

    const huge = xlsxParts({
      rows: () => [`<row r="1"><c t="inlineStr"><is><t>`, ...repeated("x", 40_000), `</t></is></c></row>`],
    });
    const cell = await refusalOf(await crafted([huge.workbook, huge.rels, huge.sheet]));
    expect(cell.error.message).toMatch(/^Line 1: a cell holds more than 32,767 characters; shorten it/);
  });

  it("refuses a shared-texts table of too many entries or characters, with memory bounded", async () => {
    const many = xlsxParts({
      rows: () => [rowXml(1, "x")],
      sharedStrings: () => ["<sst>", ...repeated("<si><t>a</t></si>", (SHEET_MAX_SHARED_STRINGS + 10) * 17), "</sst>"],
    });
    const count = await refusalOf(await crafted([many.workbook, many.rels, many.sheet, many.sharedStrings]));
    expect(count.error.status).toBe(413);
    expect(count.error.message).toMatch(/holds too much text for one import; split it/);

    const text = `<si><t>${"y".repeat(30_000)}</t></si>`;
    const long = xlsxParts({
      rows: () => [rowXml(1, "x")],
      sharedStrings: () => ["<sst>", ...repeated(text, SHEET_MAX_SHARED_STRING_CHARS + 4 * MB), "</sst>"],
    });
    const chars = await refusalOf(await crafted([long.sheet, long.sharedStrings, long.workbook, long.rels]));
    expect(chars.error.status).toBe(413);
    expect(chars.grewMB).toBeLessThan(160);
  });
});
