import { chosenValues } from "@shared/catalogue/variants.js";
import bwipjs from "bwip-js/node";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import type { AdminOrder } from "@shared/schemas/orders.js";

/** A6 (105 × 148 mm), the common thermal label, in PDF points (1/72 inch). */
const A6 = { width: 297.64, height: 419.53 };
/** A4 (210 × 297 mm): four A6 labels per sheet, to cut along the middle lines. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 14;
const INK = rgb(0, 0, 0);
const MAX_ITEM_LINES = 5;

export type LabelPaper = "a6" | "a4";

export interface LabelStore {
  name: string;
  phone?: string;
}

/**
 * One shipping label per order: store, customer, phone, address, city, items, the cash to collect
 * in large type and the order number as a Code 128 barcode (what couriers' scanners read).
 * On A6 paper each label is a page; on A4 four labels share a sheet.
 */
export async function renderLabels(orders: AdminOrder[], store: LabelStore, paper: LabelPaper): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipping labels (${orders.length})`);
  pdf.setCreator(store.name);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  let sheet: PDFPage | null = null;
  for (const [i, order] of orders.entries()) {
    const barcode = await pdf.embedPng(await barcodePng(orderNumber(order.id)));
    if (paper === "a6") {
      drawLabel(pdf.addPage([A6.width, A6.height]), { x: 0, y: 0 }, order, store, fonts, barcode);
      continue;
    }
    const slot = i % 4;
    if (slot === 0) {
      sheet = pdf.addPage([A4.width, A4.height]);
      drawCutLines(sheet);
    }
    const origin = { x: (slot % 2) * (A4.width / 2), y: slot < 2 ? A4.height / 2 : 0 };
    drawLabel(sheet!, origin, order, store, fonts, barcode);
  }
  return pdf.save();
}

/** Code 128 of the order number, as a PNG drawn by bwip-js (the reference barcode writer). */
export function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: "code128",
    text,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    backgroundcolor: "FFFFFF",
  });
}

type Fonts = { regular: PDFFont; bold: PDFFont };
type Image = Awaited<ReturnType<PDFDocument["embedPng"]>>;

function drawLabel(
  page: PDFPage,
  at: { x: number; y: number },
  order: AdminOrder,
  store: LabelStore,
  fonts: Fonts,
  barcode: Image,
) {
  const left = at.x + MARGIN;
  const width = A6.width - 2 * MARGIN;
  let y = at.y + A6.height - MARGIN;
  const text = (value: string, size: number, font = fonts.regular, x = left) => {
    y -= size * 1.2;
    page.drawText(printable(value), { x, y, size, font, color: INK });
  };
  const wrapped = (value: string, size: number, font = fonts.regular, maxLines = 3) => {
    for (const line of wrap(printable(value), font, size, width).slice(0, maxLines)) text(line, size, font);
  };
  const rule = () => {
    y -= 5;
    page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 0.8, color: INK });
    y -= 3;
  };

  text(`From: ${store.name}${store.phone ? `  ·  ${store.phone}` : ""}`, 9);
  text(`Order #${orderNumber(order.id)}  ·  ${new Date(order.createdAt).toISOString().slice(0, 10)}`, 9);
  rule();
  text("DELIVER TO", 7, fonts.bold);
  wrapped(order.customerName, 13, fonts.bold, 2);
  text(`Phone: ${order.customerPhone}`, 11, fonts.bold);
  wrapped(order.shippingAddress, 10, fonts.regular, 3);
  text(order.city.toUpperCase(), 15, fonts.bold);
  rule();
  const items = order.items.slice(0, MAX_ITEM_LINES);
  for (const item of items) {
    const variant = chosenValues(item);
    wrapped(`${item.quantity} × ${item.productName}${variant ? ` (${variant})` : ""}`, 8, fonts.regular, 1);
  }
  if (order.items.length > items.length) text(`+ ${order.items.length - items.length} more item(s)`, 8);
  rule();
  text(order.paymentMethod === "cod" ? "COLLECT CASH ON DELIVERY" : "PAID: COLLECT NOTHING", 8, fonts.bold);
  // The cash the courier collects: what is left once an advance is paid (issue 24).
  text(order.paymentMethod === "cod" ? formatRs(order.codAmount) : formatRs(0), 28, fonts.bold);
  if (order.courier || order.trackingNumber)
    text(`${order.courier ?? ""}${order.trackingNumber ? `  ${order.trackingNumber}` : ""}`, 8);

  // The barcode fills the bottom of the label, its number printed beneath.
  const barcodeHeight = 52;
  const scale = Math.min(width / barcode.width, barcodeHeight / barcode.height);
  const drawn = { width: barcode.width * scale, height: barcode.height * scale };
  const bottom = at.y + MARGIN + 12;
  page.drawImage(barcode, { x: left + (width - drawn.width) / 2, y: bottom, ...drawn });
  const number = orderNumber(order.id);
  const numberWidth = fonts.bold.widthOfTextAtSize(number, 10);
  page.drawText(number, { x: left + (width - numberWidth) / 2, y: at.y + MARGIN, size: 10, font: fonts.bold });
}

function drawCutLines(page: PDFPage) {
  const dash = { thickness: 0.5, color: rgb(0.6, 0.6, 0.6), dashArray: [4, 4] };
  page.drawLine({ start: { x: A4.width / 2, y: 0 }, end: { x: A4.width / 2, y: A4.height }, ...dash });
  page.drawLine({ start: { x: 0, y: A4.height / 2 }, end: { x: A4.width, y: A4.height / 2 }, ...dash });
}

/**
 * The standard PDF fonts cover Latin-1 only: other characters (an Urdu name, an emoji) print as
 * '?' rather than failing the whole batch.
 */
export function printable(value: string): string {
  return value
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/[^\x20-\x7E\xA0-\xFF×]/g, "?")
    .trim();
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
