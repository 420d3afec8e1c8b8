/**
 * CSV as spreadsheets read it (RFC 4180, CRLF). Text that a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe: a customer named '=HYPERLINK(...)'
 * must not become a live formula on the owner's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: Array<string | number>): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/** Excel reads a UTF-8 file as the local code page unless it starts with a byte-order mark. */
export const CSV_BOM = "\uFEFF";
