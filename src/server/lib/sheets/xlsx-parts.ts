import { posix } from "node:path";
import {
  SHEET_MAX_CELL_CHARS,
  SHEET_MAX_SHARED_STRING_CHARS,
  SHEET_MAX_SHARED_STRINGS,
  SHEET_MAX_STYLES,
} from "./bounds.js";
import type { BoundedZip } from "./bounded-zip.js";
import { sheetErrors } from "./sheet-errors.js";
import { readXml } from "./xml-stream.js";

/** What the worksheet's cells need from the rest of the workbook. */
export interface WorkbookParts {
  /** The first worksheet's part, in the workbook's own order of sheets. */
  sheetPath: string;
  sharedStrings: string[];
  /** Per cell format (a cell's `s`): whether it shows a date. */
  dateStyles: boolean[];
  date1904: boolean;
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

/** The workbook, its relationships, shared texts and styles: read first, whatever their order in the zip. */
export async function readWorkbookParts(zip: BoundedZip): Promise<WorkbookParts> {
  const workbook = await zip.open("xl/workbook.xml");
  if (!workbook) throw sheetErrors.unreadableXlsx();
  let date1904 = false;
  let firstSheet: string | null = null;
  await readXml(workbook, {
    open(name, a) {
      if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      if (name === "sheet" && firstSheet === null) firstSheet = a["r:id"] ?? null;
    },
  });
  const targets = new Map<string, { type: string; target: string }>();
  const rels = await zip.open("xl/_rels/workbook.xml.rels");
  if (rels)
    await readXml(rels, {
      open(name, a) {
        if (name === "Relationship" && a.Id && a.Target && targets.size < 10_000)
          targets.set(a.Id, { type: a.Type ?? "", target: partPath(a.Target) });
      },
    });
  const ofType = (type: string) => [...targets.values()].find((t) => t.type === REL + type)?.target;
  const sheetPath = (firstSheet && targets.get(firstSheet)?.target) ?? "xl/worksheets/sheet1.xml";
  if (!zip.has(sheetPath)) throw sheetErrors.unreadableXlsx();
  return {
    sheetPath,
    sharedStrings: await readSharedStrings(zip, ofType("sharedStrings") ?? "xl/sharedStrings.xml"),
    dateStyles: await readDateStyles(zip, ofType("styles") ?? "xl/styles.xml"),
    date1904,
  };
}

/** A relationship's target as a path in the zip (relative to xl/, or absolute). */
const partPath = (target: string) =>
  target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join("xl", target));

/** The shared texts, bounded in number and in characters; rich text as its text, phonetic hints left out. */
async function readSharedStrings(zip: BoundedZip, path: string): Promise<string[]> {
  const part = await zip.open(path);
  const strings: string[] = [];
  if (!part) return strings;
  let chars = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readXml(part, {
    open(name) {
      if (name === "si") {
        if (strings.length >= SHEET_MAX_SHARED_STRINGS) throw sheetErrors.tooManyTexts();
        current = "";
      } else if (name === "rPh") phonetic += 1;
      else if (name === "t") inText = current !== null && phonetic === 0;
    },
    text(text) {
      if (!inText || current === null) return;
      chars += text.length;
      if (chars > SHEET_MAX_SHARED_STRING_CHARS) throw sheetErrors.tooManyTexts();
      current += text;
      if (current.length > SHEET_MAX_CELL_CHARS) throw sheetErrors.tooManyTexts();
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si" && current !== null) {
        strings.push(current);
        current = null;
      }
    },
  });
  return strings;
}

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom format code shows a date when, outside quotes and brackets, it has date or time letters (as ExcelJS decides). */
const isDateCode = (code: string) => /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

async function readDateStyles(zip: BoundedZip, path: string): Promise<boolean[]> {
  const part = await zip.open(path);
  const dates: boolean[] = [];
  if (!part) return dates;
  const customDates = new Map<number, boolean>();
  let inCellXfs = false;
  await readXml(part, {
    open(name, a) {
      if (name === "numFmt" && customDates.size < SHEET_MAX_STYLES)
        customDates.set(Number(a.numFmtId), isDateCode(a.formatCode ?? ""));
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        if (dates.length >= SHEET_MAX_STYLES) throw sheetErrors.unreadableXlsx();
        const id = Number(a.numFmtId ?? 0);
        dates.push(customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return dates;
}
