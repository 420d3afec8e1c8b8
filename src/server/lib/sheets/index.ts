export * from "./bounds.js";
export { readSheetRows, sheetKindOf } from "./read-sheet.js";
export type { CellValue, SheetKind, SheetRow } from "./sheet-row.js";
export { withSheetForm, type SheetForm } from "./sheet-form.js";
export { SHEET_TEMP_DIR, SHEET_TEMP_PREFIX, sweepStaleSheetFiles } from "./spool.js";
