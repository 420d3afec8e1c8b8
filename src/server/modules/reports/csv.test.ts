import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

/** The cell as a spreadsheet holds it after reading the file: without the RFC 4180 quotes. */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Lahore")).toBe("Lahore");
    expect(csvCell(2500.5)).toBe("2500.5");
    expect(csvCell("Rs. 2,500 - paid")).toBe('"Rs. 2,500 - paid"');
  });

  it("quotes text with separators or edge spaces and doubles inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(" padded")).toBe('" padded"');
  });

  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\nx", "＝1+1", "＋1", "－1", "＠SUM(A1)"])(
    "prefixes the formula-like %j with an apostrophe",
    (value) => {
      expect(unquoted(csvCell(value)).startsWith("'")).toBe(true);
    },
  );

  it.each([" =1+1", "  +1", '\t=HYPERLINK("x")', ";=cmd|' /C calc'!A0", "; @SUM(A1)", ",=1+1", "\u00a0=1+1"])(
    "prefixes %j, a formula behind blanks, tabs or separators, with an apostrophe",
    (value) => {
      expect(unquoted(csvCell(value))).toBe(`'${value}`);
    },
  );

  it.each(["1;=cmd|' /C calc'!A0", "Khan\t=1+1", "a;b"])(
    "quotes %j, whose semicolon or tab a spreadsheet could take for a separator",
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
      expect(unquoted(cell)).toBe(value);
    },
  );

  it("keeps a whole line one row of cells whatever the separator the spreadsheet picks", () => {
    const line = csvLine(["Noor;=1+1", "x\t@SUM(A1)", 5]);
    expect(line).toBe('"Noor;=1+1","x\t@SUM(A1)",5\r\n');
  });
});
