/** A cell as the readers answer it: text, a number, a boolean, a date (XLSX) or nothing. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** One row of a sheet, numbered as the spreadsheet numbers it (the header is line 1). */
export interface SheetRow {
  line: number;
  cells: CellValue[];
}

export type SheetKind = "csv" | "xlsx";

export const isEmptyRow = (cells: CellValue[]) => cells.every((c) => c === null || c === undefined || c === "");
