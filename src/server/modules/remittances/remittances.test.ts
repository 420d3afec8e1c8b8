import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { ManualClock } from "../../jobs/clock.js";
import { upsertAdmin } from "../auth/index.js";
import { insertProduct, multipart, placeOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { courierFigures, orderSources, summarySources } from "./remittances-view.js";

/** Issue 27: settlement sheets matched to delivered parcels, the flags, and the summaries. */
let t: TestContext;
let productId: number;
const clock = new ManualClock();
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ clock });
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "3200" })).id;
});
afterAll(() => t.close());

const asOwner = () => ({ cookie: t.adminCookie });
let serial = 0;
const tracking = (prefix: string) => `${prefix}${Date.now() % 1_000_000}${++serial}`;

/** An order shipped with `courier` under a new tracking number, moved to `status` by the admin. */
async function parcel(courier: string, status: "shipped" | "delivered" = "delivered") {
  const order = await placeOrder(t.app, [{ productId, quantity: 1 }]);
  const trackingNumber = tracking("TR");
  for (const step of status === "delivered" ? (["shipped", "delivered"] as const) : (["shipped"] as const)) {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${order.id}`,
      headers: asOwner(),
      payload: { status: step, courier, trackingNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id: order.id, trackingNumber, cod: Number(order.codAmount) };
}

const setStatus = (id: string, status: string) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, headers: asOwner(), payload: { status } });

async function importSheet(
  courier: string,
  csv: string | Buffer,
  mapping?: object,
  filename = "settlement.csv",
  cookie = t.adminCookie,
) {
  const form = await multipart({ courier, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) }, [
    {
      field: "file",
      filename,
      bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, "utf8"),
      type: filename.endsWith(".xlsx")
        ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        : "text/csv",
    },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/remittances/import",
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}

const view = async (courier: string) => {
  const res = await t.app.inject({
    url: `/api/admin/remittances?courier=${encodeURIComponent(courier)}`,
    headers: asOwner(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const MAPPING = {
  trackingNumber: "CN Number",
  amount: "COD Paid",
  charges: "Delivery Charges",
  tax: "Income Tax",
  paidAt: "Payment Date",
  reference: "Cheque No",
};
const HEADER = "Sr,CN Number,COD Paid,Delivery Charges,Income Tax,Payment Date,Cheque No\n";
const payments = async () =>
  Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from remittance_payments`))[0].n);

/** The summaries' figures equal the same figures summed from every order, and add up. */
async function expectSumsAddUp() {
  const now = clock.now();
  const [kept, summed] = await Promise.all([
    courierFigures(t.db, summarySources, undefined, now),
    courierFigures(t.db, orderSources, undefined, now),
  ]);
  expect(kept).toEqual(summed);
  for (const c of kept) {
    expect(c.expected).toBeCloseTo(c.received + c.charges + c.tax + c.outstanding, 2);
    const aged = c.aging.days0to7 + c.aging.days8to15 + c.aging.days16to30 + c.aging.over30;
    expect(aged).toBeLessThanOrEqual(c.expected);
  }
}

describe("POST /api/admin/remittances/import", () => {
  it("flags each kind from a settlement sheet: short, paid twice, paid not delivered, unknown, and unpaid after 15 days", async () => {
    const courier = "Trax";
    const [full, short, twice, onRoad, unpaid] = [
      await parcel(courier),
      await parcel(courier),
      await parcel(courier),
      await parcel(courier, "shipped"),
      await parcel(courier),
    ];
    const money = (n: number) => `"Rs. ${n.toLocaleString("en-US")}"`;
    const csv =
      HEADER +
      `1,${full.trackingNumber},${money(full.cod - 250 - 64)},250,64,46346,CHQ-1\n` +
      `2,${short.trackingNumber},${money(short.cod - 1000)},250,64,20/11/2026,CHQ-1\n` +
      `3,${twice.trackingNumber},${money(twice.cod - 314)},250,64,2026-11-20,CHQ-1\n` +
      `4,${twice.trackingNumber},${money(twice.cod - 314)},250,64,27-Nov-2026,CHQ-2\n` +
      `5,${onRoad.trackingNumber},${money(onRoad.cod)},0,0,,CHQ-1\n` +
      `6,NOSUCH123,"1,500",0,0,,CHQ-1\n`;
    const res = await importSheet(courier, csv, MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 6, matched: 5, unmatched: 1, duplicates: 0 });

    clock.advance(16 * DAY);
    const answer = await view(courier);
    const kinds = answer.flags
      .map((f: { trackingNumber: string; kind: string }) => `${f.trackingNumber}:${f.kind}`)
      .sort();
    expect(kinds).toEqual(
      [
        `${short.trackingNumber}:short`,
        `${twice.trackingNumber}:duplicate`,
        `${onRoad.trackingNumber}:paid_not_delivered`,
        "NOSUCH123:unknown",
        `${unpaid.trackingNumber}:unpaid`,
      ].sort(),
    );
    const shortFlag = answer.flags.find((f: { kind: string }) => f.kind === "short");
    expect(shortFlag).toMatchObject({
      orderId: short.id,
      expected: short.cod,
      received: short.cod - 1000,
      resolved: false,
    });
    const [figures] = answer.couriers;
    const delivered = [full, short, twice, unpaid];
    expect(figures.expected).toBe(delivered.reduce((s, p) => s + p.cod, 0));
    expect(figures.received).toBe(full.cod - 314 + short.cod - 1000 + twice.cod - 314);
    expect(figures.charges).toBe(750);
    expect(figures.tax).toBe(192);
    expect(figures.outstanding).toBe(unpaid.cod + 686);
    expect(figures.aging).toEqual({ days0to7: 0, days8to15: 0, days16to30: unpaid.cod, over30: 0 });
    // Excel's serial 46346 is 2026-11-20: the payment's week is that Monday's.
    const [{ paid_at }] = await queryRows<{ paid_at: string }>(
      t.db,
      sql`select remittance_day(paid_at)::text as paid_at from remittance_payments where tracking_number = ${full.trackingNumber}`,
    );
    expect(paid_at).toBe("2026-11-20");
    await expectSumsAddUp();

    // The parcel on the road arrives: it counts, and its flag closes itself.
    expect((await setStatus(onRoad.id, "delivered")).statusCode).toBe(200);
    const after = await view(courier);
    expect(after.flags.find((f: { kind: string }) => f.kind === "paid_not_delivered")).toMatchObject({
      resolved: true,
    });
    expect(after.couriers[0].received).toBe(figures.received + onRoad.cod);
    await expectSumsAddUp();

    // Importing the same sheet again records nothing twice.
    const before = await payments();
    const again = await importSheet(courier, csv, MAPPING);
    expect(again.json()).toEqual({ rows: 6, matched: 0, unmatched: 0, duplicates: 6 });
    expect(await payments()).toBe(before);
    expect((await view(courier)).couriers).toEqual(after.couriers);

    // A late return takes the parcel out of what is expected.
    expect((await setStatus(full.id, "returned")).statusCode).toBe(200);
    expect((await view(courier)).couriers[0].expected).toBe(after.couriers[0].expected - full.cod);
    await expectSumsAddUp();
  });

  it("refuses a sheet with an unreadable row, naming its line and column, and records nothing of it", async () => {
    const courier = "Trax";
    const a = await parcel(courier);
    const b = await parcel(courier);
    const before = await payments();
    const csv = HEADER + `1,${a.trackingNumber},"1,000",0,0,,X1\n2,${b.trackingNumber},12abc,0,0,,X1\n`;
    const res = await importSheet(courier, csv, MAPPING);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Line 3, column "COD Paid": "12abc" is not an amount in rupees/);
    expect(await payments()).toBe(before);
    const badDate = HEADER + `1,${a.trackingNumber},"1,000",0,0,31/02/2026,X1\n`;
    expect((await importSheet(courier, badDate, MAPPING)).json().error).toMatch(
      /^Line 2, column "Payment Date": "31\/02\/2026" is not a real date/,
    );
    const noColumn = await importSheet(courier, HEADER, { ...MAPPING, amount: "Net Amount" });
    expect(noColumn.json().error).toMatch(/^Line 1: the sheet has no column "Net Amount"/);
    expect(await payments()).toBe(before);
  });

  it("refuses a sheet over 50,000 rows or 20 MB with a message", async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `${i},T${i},100,0,0,,R\n`).join("");
    const long = await importSheet("Trax", HEADER + rows, MAPPING);
    expect(long.statusCode).toBe(413);
    expect(long.json().error).toMatch(/more than 50,000 rows; split it/);
    const big = await importSheet("Trax", HEADER + "x".repeat(21 * 1024 * 1024), MAPPING);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/larger than 20 MB/);
  });

  it("reads an Excel sheet (dates, numbers, Rs. amounts) and remembers the courier's columns", async () => {
    const courier = "M&P";
    const p = await parcel(courier);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Settlement");
    sheet.addRow(["Tracking", "Net", "Paid On"]);
    sheet.addRow([p.trackingNumber, `Rs. ${p.cod.toLocaleString("en-US")}`, new Date(Date.UTC(2026, 10, 20))]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const mapping = { trackingNumber: "Tracking", amount: "Net", paidAt: "Paid On" };

    const form = await multipart({ courier }, [{ field: "file", filename: "m-and-p.xlsx", bytes: xlsx }]);
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/admin/remittances/preview",
      headers: { ...form.headers, ...asOwner() },
      payload: form.payload,
    });
    expect(preview.json()).toEqual({
      columns: ["Tracking", "Net", "Paid On"],
      rows: [[p.trackingNumber, `Rs. ${p.cod.toLocaleString("en-US")}`, "2026-11-20"]],
      mapping: null,
    });

    expect((await importSheet(courier, xlsx, mapping, "m-and-p.xlsx")).json()).toEqual({
      rows: 1,
      matched: 1,
      unmatched: 0,
      duplicates: 0,
    });
    const [{ day }] = await queryRows<{ day: string }>(
      t.db,
      sql`select remittance_day(paid_at)::text as day from remittance_payments where tracking_number = ${p.trackingNumber}`,
    );
    expect(day).toBe("2026-11-20");
    expect((await view(courier)).couriers[0]).toMatchObject({ expected: p.cod, received: p.cod, outstanding: 0 });

    // The next sheet from the same courier needs no mapping.
    const q = await parcel(courier);
    const next = new ExcelJS.Workbook();
    next.addWorksheet("S").addRows([
      ["Tracking", "Net", "Paid On"],
      [q.trackingNumber, q.cod, 46350],
    ]);
    const res = await importSheet(courier, Buffer.from(await next.xlsx.writeBuffer()), undefined, "next.xlsx");
    expect(res.json()).toEqual({ rows: 1, matched: 1, unmatched: 0, duplicates: 0 });
    const again = await multipart({ courier }, [{ field: "file", filename: "next.xlsx", bytes: xlsx }]);
    const remembered = await t.app.inject({
      method: "POST",
      url: "/api/admin/remittances/preview",
      headers: { ...again.headers, ...asOwner() },
      payload: again.payload,
    });
    expect(remembered.json().mapping).toEqual(mapping);
    await expectSumsAddUp();
  });

  it("records a sheet sent twice at once once, and a payment arriving with its delivery once", async () => {
    const courier = "Leopards-race";
    const parcels = [await parcel(courier), await parcel(courier), await parcel(courier, "shipped")];
    const csv = HEADER + parcels.map((p, i) => `${i + 1},${p.trackingNumber},${p.cod},0,0,,RACE-1\n`).join("");
    const answers = (await Promise.all([importSheet(courier, csv, MAPPING), importSheet(courier, csv, MAPPING)])).map(
      (r) => r.json(),
    );
    expect(answers.map((a) => a.matched).sort()).toEqual([0, 3]);
    expect(answers.map((a) => a.duplicates).sort()).toEqual([0, 3]);

    const late = await parcel(courier, "shipped");
    const [imported, delivered] = await Promise.all([
      importSheet(courier, HEADER + `1,${late.trackingNumber},${late.cod},0,0,,RACE-2\n`, MAPPING),
      setStatus(late.id, "delivered"),
      setStatus(parcels[2].id, "delivered"),
    ]);
    expect([imported.statusCode, delivered.statusCode]).toEqual([200, 200]);
    expect((await view(courier)).couriers[0]).toMatchObject({
      received: parcels.reduce((s, p) => s + p.cod, late.cod),
      outstanding: 0,
    });
    await expectSumsAddUp();
  });

  it("is the owner's only, and audited", async () => {
    await upsertAdmin(t.db, "agent27", "agent27 password", "agent");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "agent27", password: "agent27 password" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await importSheet("Trax", HEADER, MAPPING, "s.csv", cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/remittances", headers: { cookie } })).statusCode).toBe(403);
    // Every import is in the audit log, with its courier, file and counts.
    const lines = await queryRows<{ actor: string; after: { courier: string; file: string; rows: number } }>(
      t.db,
      sql`select actor, after from audit_log where action = 'remittances.import' and after->>'courier' = 'M&P' order by id`,
    );
    expect(lines.map((l) => [l.actor, l.after.file, l.after.rows])).toEqual([
      ["owner", "m-and-p.xlsx", 1],
      ["owner", "next.xlsx", 1],
    ]);
  });
});

describe("PATCH /api/admin/remittances/flags/{id} and GET /api/admin/remittances/flags.csv", () => {
  it("closes a flag with a note, once, and exports only the open ones", async () => {
    const courier = "Swyft";
    const p = await parcel(courier);
    await importSheet(courier, HEADER + `1,${p.trackingNumber},100,0,0,,S-1\n2,GHOST1,50,0,0,,S-1\n`, MAPPING);
    const { flags } = await view(courier);
    const short = flags.find((f: { kind: string }) => f.kind === "short");
    const csv = await t.app.inject({ url: `/api/admin/remittances/flags.csv?courier=${courier}`, headers: asOwner() });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain(p.trackingNumber);
    expect(csv.body).toContain("GHOST1");

    const patch = (payload: object) =>
      t.app.inject({ method: "PATCH", url: `/api/admin/remittances/flags/${short.id}`, headers: asOwner(), payload });
    expect((await patch({ resolved: true })).json().error).toBe("Write a note saying how the flag was settled");
    const done = await patch({ resolved: true, note: "Swyft paid the rest on 28 Nov" });
    expect(done.json()).toMatchObject({ id: short.id, resolved: true, note: "Swyft paid the rest on 28 Nov" });
    expect((await patch({ resolved: true, note: "again" })).statusCode).toBe(409);
    const after = await t.app.inject({
      url: `/api/admin/remittances/flags.csv?courier=${courier}`,
      headers: asOwner(),
    });
    expect(after.body).not.toContain(p.trackingNumber);
    expect(after.body).toContain("GHOST1");
    const [line] = await queryRows<{ actor: string }>(
      t.db,
      sql`select actor from audit_log where action = 'remittances.flag.resolve' and entity_id = ${String(short.id)}`,
    );
    expect(line.actor).toBe("owner");
  });
});
