import { inflateSync } from "node:zlib";
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from "@zxing/library";
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from "pdf-lib";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

let t: TestContext;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp();
  const suit = await insertProduct(t.db, { name: "Lawn Suit", price: "4250" });
  const shawl = await insertProduct(t.db, { name: "Pashmina Shawl", price: "1800" });
  ids = [
    (await placeOrder(t.app, [{ productId: suit.id, quantity: 2 }], { customerName: "Ayesha Khan" })).id,
    (await placeOrder(t.app, [{ productId: shawl.id }], { customerName: "Bilal Ahmed", city: "Karachi" })).id,
    (await placeOrder(t.app, [{ productId: suit.id }, { productId: shawl.id }], { customerName: "زینب Zainab" })).id,
  ];
});
afterAll(() => t.close());

const labels = (query: string, cookie = t.adminCookie) =>
  t.app.inject({ url: `/api/admin/orders/labels.pdf?${query}`, headers: cookie ? { cookie } : {} });

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

/** The barcode image drawn on a page, as pdf-lib stored it (Flate-compressed pixels), decoded by ZXing. */
async function decodeBarcodes(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const page of pdf.getPages()) {
    const xobjects = page.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const dict = stream.dict;
      if (dict.get(PDFName.of("Subtype"))?.toString() !== "/Image") continue;
      const width = Number(dict.get(PDFName.of("Width"))?.toString());
      const height = Number(dict.get(PDFName.of("Height"))?.toString());
      const pixels = inflateSync(stream.contents);
      const channels = pixels.length / (width * height);
      const luminance = new Uint8ClampedArray(width * height);
      for (let i = 0; i < width * height; i++) {
        const p = i * channels;
        luminance[i] = channels >= 3 ? (pixels[p] * 299 + pixels[p + 1] * 587 + pixels[p + 2] * 114) / 1000 : pixels[p];
      }
      const reader = new MultiFormatReader();
      reader.setHints(
        new Map<DecodeHintType, unknown>([
          [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
          [DecodeHintType.TRY_HARDER, true],
        ]),
      );
      const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
      found.push(reader.decode(bitmap).getText());
    }
  }
  return found;
}

describe("GET /api/admin/orders/labels.pdf", () => {
  it("refuses anonymous callers", async () => {
    const res = await labels(`ids=${ids[0]}`, "");
    expect(res.statusCode).toBe(401);
  });

  it("prints one A6 label per order with the customer, city, items and the cash to collect", async () => {
    const res = await labels(`ids=${ids.join(",")}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);

    const text = await pdfText(res.rawPayload);
    expect(text.pages).toHaveLength(3);
    const [first, second, third] = text.pages.map((p) => p.text);
    expect(first).toContain("Ayesha Khan");
    expect(first).toContain("+92 300 1234567");
    expect(first).toContain("House 12, Street 4, Model Town");
    expect(first).toContain("LAHORE");
    expect(first).toContain("2 × Lawn Suit (M, Red)");
    expect(first).toContain("Rs. 8,500");
    expect(first).toContain(`#${orderNumber(ids[0])}`);
    expect(second).toContain("KARACHI");
    expect(second).toContain("Rs. 1,800");
    // Characters the label fonts cannot draw become '?', and the label still prints.
    expect(third).toContain("Zainab");
    expect(third).toContain("Rs. 6,050");
  });

  it("draws each order number as a Code 128 barcode that a scanner reads back", async () => {
    const res = await labels(`ids=${ids.join(",")}`);
    expect(await decodeBarcodes(res.rawPayload)).toEqual(ids.map(orderNumber));
  });

  it("fits four labels on an A4 sheet when asked for A4 paper", async () => {
    const res = await labels(`ids=${[...ids, ids[0]].join(",")}&paper=a4`);
    const pdf = await PDFDocument.load(res.rawPayload);
    // A repeated id prints once.
    expect(pdf.getPageCount()).toBe(1);
    expect(Math.round(pdf.getPage(0).getSize().width)).toBe(595);
    expect((await pdfText(res.rawPayload)).text).toContain("Bilal Ahmed");
  });

  it("says what is wrong with a bad selection", async () => {
    const none = await labels("ids=");
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("Select at least one order");
    const gone = await labels(`ids=${ids[0]},00000000-0000-4000-8000-000000000000`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatch(/no longer exist; reload/);
  });
});
