import { describe, expect, it } from "vitest";
import { cellText, readAmount, readDate } from "./sheet-values.js";

const day = (read: ReturnType<typeof readDate>) =>
  read.ok && read.value ? new Date(read.value.getTime() + 5 * 3_600_000).toISOString().slice(0, 10) : read;

describe("reading a settlement sheet's cells", () => {
  it("reads amounts as couriers write them: Rs. and PKR, thousands and lakh separators, /-, brackets", () => {
    const cases: Array<[unknown, number]> = [
      [1250, 1250],
      ["1,250", 1250],
      ["Rs. 1,250.50", 1250.5],
      ["Rs 12,500", 12500],
      ["PKR 1,25,000", 125000],
      ["1250/-", 1250],
      ["(64)", -64],
      ["-64.5", -64.5],
      [" rs.3,200 ", 3200],
    ];
    for (const [cell, rupees] of cases)
      expect(readAmount(cell as never, null), String(cell)).toEqual({ ok: true, value: rupees });
    expect(readAmount("", 0)).toEqual({ ok: true, value: 0 });
    expect(readAmount("", null)).toMatchObject({ ok: false, problem: expect.stringMatching(/^is empty/) });
    for (const bad of ["12abc", "1,2,3", "Rs.", "1.234"])
      expect(readAmount(bad, null), bad).toMatchObject({ ok: false });
  });

  it("reads Excel serial numbers, real dates and day-first text as the store's day", () => {
    expect(day(readDate(46346))).toBe("2026-11-20");
    expect(day(readDate("46346"))).toBe("2026-11-20");
    expect(day(readDate(new Date(Date.UTC(2026, 10, 20))))).toBe("2026-11-20");
    for (const text of [
      "2026-11-20",
      "20/11/2026",
      "20-11-26",
      "20.11.2026",
      "20-Nov-2026",
      "20 November 2026",
      "Nov 20, 2026",
    ])
      expect(day(readDate(text)), text).toBe("2026-11-20");
    expect(readDate("")).toEqual({ ok: true, value: null });
    for (const bad of ["31/02/2026", "tomorrow", "12345"]) expect(readDate(bad), bad).toMatchObject({ ok: false });
  });

  it("keeps long numeric tracking numbers whole", () => {
    expect(cellText(12345678901234)).toBe("12345678901234");
    expect(cellText("  LE7788  ")).toBe("LE7788");
  });
});
