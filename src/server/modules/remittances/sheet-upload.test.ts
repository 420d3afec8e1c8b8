import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHEET_TEMP_DIR, SHEET_TEMP_PREFIX } from "../../lib/sheets/index.js";
import { repeated, writeCraftedZip, xlsxParts, type ZipPart } from "../../test/crafted-zip.js";
import { multipart, type FormFile } from "../../test/factory.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";

/** Issue 38: the settlement form's parts in any order, and no upload left on disk. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MAPPING = JSON.stringify({ trackingNumber: "CN", amount: "Paid" });
const CSV: FormFile = {
  field: "file",
  filename: "settlement.csv",
  bytes: Buffer.from("CN,Paid\nNEVER-SHIPPED-1,1000\n"),
  type: "text/csv",
};

async function send(url: string, fields: Record<string, string>, files: FormFile[] = [CSV], filesFirst = true) {
  const form = await multipart(fields, files, { filesFirst });
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...form.headers, cookie: t.adminCookie },
    payload: form.payload,
  });
}

/** Uploads in the store's temporary folder now (other test files running beside this one may add theirs). */
const uploads = async () =>
  (await readdir(SHEET_TEMP_DIR).catch(() => [] as string[])).filter((f) => f.startsWith(SHEET_TEMP_PREFIX));

describe("POST /api/admin/remittances/import and /preview: the form", () => {
  it("accepts the parts in any order, and names a part that is missing", async () => {
    const imported = await send("/api/admin/remittances/import", { courier: "Trax-order", mapping: MAPPING });
    expect(imported.json()).toEqual({ rows: 1, matched: 0, unmatched: 1, duplicates: 0 });

    const preview = await send("/api/admin/remittances/preview", { courier: "Trax-order" });
    expect(preview.json()).toEqual({
      columns: ["CN", "Paid"],
      rows: [["NEVER-SHIPPED-1", "1000"]],
      mapping: JSON.parse(MAPPING),
    });

    const noCourier = await send("/api/admin/remittances/import", { mapping: MAPPING });
    expect([noCourier.statusCode, noCourier.json().error]).toEqual([
      400,
      "The form has no `courier` (the courier that sent the sheet); send it again with them",
    ]);
    const nothing = await send("/api/admin/remittances/import", {}, []);
    expect(nothing.json().error).toBe(
      "The form has no `file` (the courier's settlement sheet, CSV or XLSX) and no `courier` (the courier that sent the sheet); send it again with them",
    );
  });
});

describe("POST /api/admin/remittances/import: the uploaded file", () => {
  it("refuses an Excel bomb with 413 and leaves no temporary file, also when the upload is cut off", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sheet-upload-test-"));
    const parts = xlsxParts({
      rows: () => repeated('<row><c t="inlineStr"><is><t>x</t></is></c></row>', 200 * 1024 * 1024),
    });
    await writeCraftedZip(join(dir, "bomb.xlsx"), [parts.sheet, parts.workbook, parts.rels] as ZipPart[]);
    const bomb = { field: "file", filename: "bomb.xlsx", bytes: await readFile(join(dir, "bomb.xlsx")) };
    await rm(dir, { recursive: true, force: true });

    const before = await uploads();
    const refused = await send("/api/admin/remittances/import", { courier: "Trax", mapping: MAPPING }, [bomb]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatch(/^This Excel file unpacks to more than 100 MB; split it/);
    expect((await uploads()).filter((f) => !before.includes(f))).toEqual([]);

    // Half a 1 MB sheet, then the connection drops: the half spooled so far is removed.
    const big = { ...CSV, bytes: Buffer.from("CN,Paid\n" + "X1,1\n".repeat(200_000)) };
    const form = await multipart({ courier: "Trax", mapping: MAPPING }, [big]);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = net.connect(Number(new URL(address).port), "127.0.0.1");
    socket.write(
      `POST /api/admin/remittances/import HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${t.adminCookie}\r\n` +
        `Content-Type: ${form.headers["content-type"]}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
    );
    socket.write(form.payload.subarray(0, form.payload.length / 2));
    await expect.poll(async () => (await uploads()).filter((f) => !before.includes(f)).length).toBe(1);
    socket.destroy();
    await expect.poll(async () => (await uploads()).filter((f) => !before.includes(f))).toEqual([]);
  });

  it("removes at start-up the uploads a stopped process left behind, and only those", async () => {
    await mkdir(SHEET_TEMP_DIR, { recursive: true });
    const stale = join(SHEET_TEMP_DIR, `${SHEET_TEMP_PREFIX}crashed-${Date.now()}`);
    const reading = join(SHEET_TEMP_DIR, `${SHEET_TEMP_PREFIX}reading-${Date.now()}`);
    await writeFile(stale, "half a sheet");
    await writeFile(reading, "a sheet being read by another server");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);

    const restarted = await startAnotherServer(t);
    await restarted.close();
    const left = await uploads();
    expect(left).not.toContain(stale.slice(SHEET_TEMP_DIR.length + 1));
    expect(left).toContain(reading.slice(SHEET_TEMP_DIR.length + 1));
    await rm(reading);
  });
});
