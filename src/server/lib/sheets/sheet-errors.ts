import { AppError } from "../app-error.js";

const n = (x: number) => x.toLocaleString("en-US");
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The refusals of the sheet reader, each saying what to do. */
export const sheetErrors = {
  unreadableXlsx: () =>
    new AppError(
      "VALIDATION",
      "The Excel file cannot be read; open it in Excel, save it again as .xlsx (or .csv) and upload it",
    ),
  tooManyParts: (max: number) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `This Excel file holds more than ${n(max)} parts (sheets, pictures); copy the sheet into a new workbook or save it as .csv, and upload that`,
    ),
  unpacksTooBig: (max: number) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `This Excel file unpacks to more than ${mb(max)}; split it into smaller sheets (or save it as .csv) and import each`,
    ),
  tooManyLines: (max: number) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `This sheet has more than ${n(max)} rows; split it into smaller sheets and import each`,
    ),
  tooManyColumns: (line: number, max: number) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `Line ${line}: this sheet has more than ${n(max)} columns; delete the columns that are not needed (or save it as .csv) and upload it again`,
    ),
  cellTooLong: (line: number, max: number) =>
    new AppError(
      "VALIDATION",
      `Line ${line}: a cell holds more than ${n(max)} characters; shorten it and upload the sheet again`,
    ),
  tooManyTexts: () =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      "This Excel file holds too much text for one import; split it into smaller sheets (or save it as .csv) and import each",
    ),
};
