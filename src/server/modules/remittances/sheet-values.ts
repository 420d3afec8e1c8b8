/**
 * Reading a settlement sheet's cells as couriers write them: amounts with "Rs." or "PKR" and
 * thousands separators, dates as Excel serial numbers, real dates or day-first text. Each reader
 * answers the value, or a string saying what is wrong with the cell.
 */
import type { CellValue } from "../../lib/sheets/index.js";

export type { CellValue };
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(problem: string): Read<T> => ({ ok: false, problem });

/** The cell as text, trimmed (numbers without exponent for long tracking numbers). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(Math.round(value)).toString() : String(value);
  return String(value).trim();
}

const AMOUNT = /^(-)?(?:rs\.?|pkr|₨)?\s*(-)?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?\s*(?:\/-)?$/i;

/** Rupees: 1250, "1,250", "Rs. 1,250.50", "PKR 1,25,000" (lakh grouping), "1250/-"; empty is `empty`. */
export function readAmount(value: CellValue, empty: number | null): Read<number> {
  if (typeof value === "number")
    return Number.isFinite(value) ? ok(Math.round(value * 100) / 100) : bad("is not a number");
  const text = cellText(value).replace(/\s+/g, " ");
  if (text === "" || text === "-")
    return empty === null ? bad("is empty; it must hold an amount in rupees") : ok(empty);
  const parenthesised = /^\((.*)\)$/.exec(text);
  const m = AMOUNT.exec(parenthesised ? parenthesised[1].trim() : text);
  if (!m) return bad(`"${text.slice(0, 40)}" is not an amount in rupees (e.g. 1,250 or Rs. 1,250)`);
  const rupees = Number(m[3].replace(/,/g, "")) + (m[4] ? Number(m[4].padEnd(2, "0")) / 100 : 0);
  const negative = !!(m[1] || m[2] || parenthesised);
  return ok(negative ? -rupees : rupees);
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** Days from Excel's day 0 (1899-12-30, counting its 1900 leap-year slip) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

/** The start of a store-local day (Pakistan, UTC+5, no DST). */
const storeDay = (y: number, m: number, d: number): Read<Date> => {
  const at = new Date(Date.UTC(y, m - 1, d) - 5 * 3_600_000);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2100 || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    return bad(`is not a real date`);
  return ok(at);
};

/**
 * A payment date: a real date (XLSX), an Excel serial number (45981), ISO text (2026-11-20, with a
 * time or not), day-first text (20/11/2026, 20-11-26, 20.11.2026) or with a month name
 * (20-Nov-2026, Nov 20, 2026). Empty is null.
 */
export function readDate(value: CellValue): Read<Date | null> {
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? bad("is not a date")
      : // ExcelJS reads a date cell as that wall-clock time in UTC; the sheet meant Pakistan's.
        ok(new Date(value.getTime() - 5 * 3_600_000));
  if (typeof value === "number") return excelSerial(value);
  const text = cellText(value);
  if (text === "") return ok(null);
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerial(Number(text));
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (m) {
    const day = storeDay(+m[1], +m[2], +m[3]);
    if (!day.ok || !m[4]) return day;
    return ok(new Date(day.value.getTime() + (+m[4] * 3600 + +m[5] * 60 + +(m[6] ?? 0)) * 1000));
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) return withProblem(storeDay(fullYear(m[3]), +m[2], +m[1]), text);
  m = /^(\d{1,2})[\s/-]([a-z]{3})[a-z]*\.?[\s/-],?\s*(\d{2}|\d{4})$/i.exec(text);
  if (m && MONTHS.includes(m[2].toLowerCase()))
    return withProblem(storeDay(fullYear(m[3]), MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]), text);
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  if (m && MONTHS.includes(m[1].toLowerCase()))
    return withProblem(storeDay(+m[3], MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2]), text);
  return bad(`"${text.slice(0, 40)}" is not a date (e.g. 20/11/2026 or 2026-11-20)`);
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const withProblem = (read: Read<Date>, text: string): Read<Date | null> =>
  read.ok ? read : bad(`"${text.slice(0, 40)}" is not a real date`);

function excelSerial(serial: number): Read<Date | null> {
  // 36526 is 2000-01-01 and 73051 is 2100-01-01: anything else is not a payment date.
  if (!Number.isFinite(serial) || serial < 36526 || serial > 73051) return bad(`${serial} is not a date`);
  const utc = Math.round((serial - EXCEL_EPOCH_DAYS) * 86_400_000);
  return ok(new Date(utc - 5 * 3_600_000));
}
