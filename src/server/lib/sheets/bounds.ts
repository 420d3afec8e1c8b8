/**
 * How much of a spreadsheet the store reads (M1, issue 38). An XLSX is a zip: a 20 MB upload can
 * unpack to gigabytes, so the uncompressed size, the parts, the rows, the columns and the shared
 * texts are bounded while they are read, and reading stops as soon as one bound is passed.
 * Settlement sheets and product imports share these (a real courier sheet of 50,000 rows by 20
 * columns unpacks to about 50 MB).
 */

/** Parts (files) in the zip: a workbook has a dozen; pictures and many sheets add some. */
export const SHEET_MAX_ENTRIES = 1_000;
/** Uncompressed bytes of any one part read (the worksheet, its shared texts, its styles). */
export const SHEET_MAX_ENTRY_BYTES = 100 * 1024 * 1024;
/** Uncompressed bytes of all the parts read for one sheet. */
export const SHEET_MAX_TOTAL_BYTES = 160 * 1024 * 1024;
/** Line numbers (the header is line 1); empty lines count too. */
export const SHEET_MAX_LINES = 100_000;
/** Columns holding a value (empty, formatted cells further right are skipped). */
export const SHEET_MAX_COLUMNS = 256;
/** Characters in one cell: Excel's own limit. */
export const SHEET_MAX_CELL_CHARS = 32_767;
/** Entries of the shared-texts table, and their characters together. */
export const SHEET_MAX_SHARED_STRINGS = 1_000_000;
export const SHEET_MAX_SHARED_STRING_CHARS = 32 * 1024 * 1024;
/** Cell formats in the styles part (Excel allows 64,000). */
export const SHEET_MAX_STYLES = 64_000;
