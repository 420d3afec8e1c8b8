import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema.js";
import { insertOrder, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { CSV_HEADER, describeItem, ordersCsvLines } from "./orders-csv.js";

/** A strict RFC 4180 reader, so the tests check what a spreadsheet would see. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error("CSV does not end with CRLF");
  return rows;
}

/** The columns as first released, in order: programs reading the CSV rely on their positions. */
const FIRST_RELEASE_HEADER = [
  "Order Number",
  "Order ID",
  "Date (PKT)",
  "Status",
  "Customer",
  "Phone",
  "Email",
  "Address",
  "City",
  "Postal Code",
  "Items",
  "Subtotal",
  "Total",
];

let t: TestContext;
let hostileId: string;
beforeAll(async () => {
  t = await createTestApp();
  const lawn = await insertProduct(t.db, { name: "Lawn Suit", category: "formal" });
  const dupatta = await insertProduct(t.db, { name: "Silk Dupatta", category: "accessories" });
  hostileId = await insertOrder(t.db, {
    createdAt: "2025-06-30T20:15:00Z",
    status: "pending",
    name: '=HYPERLINK("http://evil.example","Click")',
    phone: "+92 300 1234567",
    email: "@mention@example.pk",
    address: 'Flat 3, "Rose" Villa\nBlock B, DHA',
    city: "-Lahore",
    postalCode: "54000",
    items: [
      { product: lawn, quantity: 2, price: 3000, size: "M", color: "Red" },
      { product: dupatta, quantity: 1, price: 1500 },
    ],
  });
  await insertOrder(t.db, {
    status: "cancelled",
    name: "Sana Malik",
    items: [{ product: lawn, quantity: 1, price: 3000 }],
  });
});
afterAll(() => t.close());

const download = (query = "") =>
  t.app.inject({ url: `/api/admin/orders.csv${query}`, headers: { cookie: t.adminCookie } });

describe("GET /api/admin/orders.csv", () => {
  it("downloads every order as a UTF-8 CSV attachment", async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = readCsv(res.body.slice(1));
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.length === CSV_HEADER.length)).toBe(true);
  });

  it("quotes commas, quotes and line breaks and defuses spreadsheet formulas", async () => {
    const rows = readCsv((await download()).body.slice(1));
    const row = rows.find((r) => r[1] === hostileId)!;
    expect(row).toEqual([
      hostileId.slice(0, 8).toUpperCase(),
      hostileId,
      "2025-07-01 01:15",
      "Pending",
      `'=HYPERLINK("http://evil.example","Click")`,
      "'+92 300 1234567",
      "'@mention@example.pk",
      'Flat 3, "Rose" Villa\nBlock B, DHA',
      "'-Lahore",
      "54000",
      "2× Lawn Suit (M, Red); 1× Silk Dupatta",
      "7500",
      "7500",
      "",
      "",
      "",
      // Issue 24's amounts: no discount or fees, the whole total collected on delivery.
      "0",
      "",
      "0",
      "0",
      "7500",
      // Issue 25's advance: none owed.
      "0",
      "0",
      "none",
    ]);
  });

  it("keeps to one status when asked, and names the file after it", async () => {
    const res = await download("?status=cancelled");
    expect(res.headers["content-disposition"]).toMatch(/filename="orders-cancelled-/);
    const rows = readCsv(res.body.slice(1));
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([["Cancelled", "Sana Malik"]]);
    const all = await download("?status=all");
    expect(readCsv(all.body.slice(1))).toHaveLength(3);
  });

  it("refuses an unknown status with 400", async () => {
    const res = await download("?status=lost");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "Status must be all or one of: pending, processing, shipped, delivered, returned, cancelled",
    );
  });

  it("keeps the first release's columns in place and adds courier, tracking number and link at the end", async () => {
    const product = await insertProduct(t.db, { name: "Shipped Kurta" });
    const shipped = await insertOrder(t.db, { status: "delivered", items: [{ product, quantity: 1, price: 100 }] });
    const byHand = await insertOrder(t.db, { status: "delivered", items: [{ product, quantity: 1, price: 100 }] });
    await t.db
      .update(orders)
      .set({
        courier: "Leopards",
        trackingNumber: "LE7512345678",
        trackingUrl: "https://www.leopardscourier.com/tracking?tracking_number=LE7512345678",
      })
      .where(eq(orders.id, shipped));
    await t.db
      .update(orders)
      .set({ courier: "Rider Ali", trackingNumber: "=42", trackingUrl: null })
      .where(eq(orders.id, byHand));
    const rows = readCsv((await download("?status=delivered")).body.slice(1));
    expect(rows[0].slice(0, FIRST_RELEASE_HEADER.length + 3)).toEqual([
      ...FIRST_RELEASE_HEADER,
      "Courier",
      "Tracking Number",
      "Tracking URL",
    ]);
    expect(rows.find((r) => r[1] === shipped)!.slice(-11, -8)).toEqual([
      "Leopards",
      "LE7512345678",
      "https://www.leopardscourier.com/tracking?tracking_number=LE7512345678",
    ]);
    expect(rows.find((r) => r[1] === byHand)!.slice(-11, -8)).toEqual(["Rider Ali", "'=42", ""]);
  });
  it("adds each part of what the shopper paid at the end: discount, code, delivery fee, COD fee, COD amount", async () => {
    const product = await insertProduct(t.db, { name: "Eid Suit" });
    const id = await insertOrder(t.db, { status: "pending", items: [{ product, quantity: 1, price: 5000 }] });
    await t.db
      .update(orders)
      .set({
        discount: "500",
        discountCode: "EID10",
        deliveryFee: "250",
        codFee: "50",
        total: "4800",
        advanceAmount: "1000",
        advancePaid: "1000",
        advanceStatus: "paid",
      })
      .where(eq(orders.id, id));
    const rows = readCsv((await download("?status=pending")).body.slice(1));
    expect(rows[0].slice(-8)).toEqual([
      "Discount",
      "Discount Code",
      "Delivery Fee",
      "COD Fee",
      "COD Amount",
      "Advance",
      "Advance Paid",
      "Advance Status",
    ]);
    expect(rows.find((r) => r[1] === id)!.slice(-8)).toEqual([
      "500",
      "EID10",
      "250",
      "50",
      "3800",
      "1000",
      "1000",
      "paid",
    ]);
  });
});

describe("ordersCsvLines", () => {
  it("pages through orders that share a timestamp without losing or repeating one", async () => {
    const product = await insertProduct(t.db, { name: "Kurta" });
    const ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await insertOrder(t.db, {
          status: "shipped",
          createdAt: "2025-02-01T09:00:00Z",
          items: [{ product, quantity: 1, price: 100 }],
        }),
      );
    }
    let text = "";
    for await (const chunk of ordersCsvLines(t.db, "shipped", 2)) text += chunk;
    const rows = readCsv(text.slice(1)).slice(1);
    expect(rows.map((r) => r[1]).sort()).toEqual(ids.sort());
  });
});

describe("describeItem", () => {
  it("names a line by its variant's values, and as before by size and colour", () => {
    const line = { productName: "Lawn suit", quantity: 2, size: "M", color: "Red" };
    expect(describeItem(line)).toBe("2× Lawn suit (M, Red)");
    expect(describeItem({ ...line, options: { Make: "Stitched", Size: "M", Color: "Red" } })).toBe(
      "2× Lawn suit (Stitched, M, Red)",
    );
  });
});
