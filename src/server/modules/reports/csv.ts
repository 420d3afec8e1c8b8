/**
 * CSV as spreadsheets read it (RFC 4180, CRLF). Text that a spreadsheet would run as a formula
 * gets a leading apostrophe: a customer named '=HYPERLINK(...)' must not become a live formula on
 * the owner's machine. Spreadsheets skip blanks and separators before they look for the formula
 * sign, so ' =1+1', '\t=1+1' and ';=1+1' count too; the full-width signs are read as formulas
 * by East Asian versions of Excel.
 */
const FORMULA_START = /^[\s;,]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;

/**
 * Quoted when it holds any character a spreadsheet may split or trim on: the comma, but also the
 * semicolon and tab that Excel uses as the separator in many locales, so '1;=cmd' stays one cell.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: Array<string | number>): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/** Excel reads a UTF-8 file as the local code page unless it starts with a byte-order mark. */
export const CSV_BOM = "\uFEFF";
