import { readFile } from "node:fs/promises";

import { beforeAll, describe, expect, it } from "vitest";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts, type BuyableProduct } from "./support/catalogue";
import { placeOrder } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
let product: BuyableProduct;

beforeAll(async () => {
  [product] = await buyableProducts(suite.store.baseUrl);
});

/** An order delivered by the courier "Trax" under `trackingNumber`; answers its COD amount. */
async function deliveredWithTrax(customerName: string, trackingNumber: string): Promise<number> {
  const order = await placeOrder(suite.store.baseUrl, product, {
    customerName,
    customerPhone: "0301 4000027",
    shippingAddress: "House 9, Street 5, Gulberg",
  });
  for (const status of ["shipped", "delivered"])
    expect(
      (
        await suite.store.adminFetch(`/api/orders/${order.id}`, {
          method: "PATCH",
          json: { status, courier: "Trax", trackingNumber },
        })
      ).status,
    ).toBe(200);
  return Number(order.codAmount ?? order.total);
}

describe("courier remittances", () => {
  it("the owner uploads a settlement sheet, maps its columns, sees the flags, resolves one and downloads the rest", async () => {
    const full = await deliveredWithTrax("Hina Aslam", "TRX-27001");
    const short = await deliveredWithTrax("Sana Mir", "TRX-27002");
    const sheet =
      "Sr,CN,Net Paid,Fee,WHT,Paid On,Cheque\r\n" +
      `1,TRX-27001,"Rs. ${(full - 300).toLocaleString("en-US")}",250,50,20/11/2026,CHQ-77\r\n` +
      `2,TRX-27002,"Rs. ${(short - 1300).toLocaleString("en-US")}",250,50,20/11/2026,CHQ-77\r\n` +
      `3,TRX-99999,"1,000",0,0,20/11/2026,CHQ-77\r\n`;

    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await openAdmin(context, "/admin/remittances");
    await page.getByLabel("Courier", { exact: true }).fill("Trax");
    await page
      .getByLabel(/^Sheet \(CSV/)
      .setInputFiles({ name: "trax-settlement.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) });
    const firstRows = page.getByRole("table", { name: "First rows of the sheet" });
    await firstRows.getByText("TRX-27002").waitFor();
    await page.getByLabel("Tracking number").selectOption("CN");
    await page.getByLabel("Amount paid").selectOption("Net Paid");
    await page.getByLabel("Courier charges").selectOption("Fee");
    await page.getByLabel("Tax withheld").selectOption("WHT");
    await page.getByLabel("Payment date").selectOption("Paid On");
    await page.getByLabel("Payment reference").selectOption("Cheque");
    await screenshot(page, "remittances-mapping-desktop");
    await page.getByRole("button", { name: "Import sheet" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Imported 3 rows: 2 matched, 1 unknown, 0 already recorded." })
      .waitFor();

    const trax = page.getByRole("region", { name: "Trax remittance" });
    await trax
      .getByText(`Rs. ${(full + short).toLocaleString("en-US")}`)
      .first()
      .waitFor();
    const flags = page.getByRole("list", { name: "Flags" });
    const shortFlag = flags.getByTestId("remittance-flag").filter({ hasText: "Short-paid" });
    await shortFlag.getByText("TRX-27002").waitFor();
    await flags
      .getByTestId("remittance-flag")
      .filter({ hasText: "Unknown tracking number" })
      .getByText("TRX-99999")
      .waitFor();
    await screenshot(page, "remittances-flags-desktop");

    await shortFlag.getByRole("button", { name: "Resolve" }).click();
    await shortFlag.getByRole("textbox").fill("Trax paid Rs. 1,000 more on 28 Nov");
    await shortFlag.getByRole("button", { name: "Save" }).click();
    await flags.getByText("Resolved: Trax paid Rs. 1,000 more on 28 Nov").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export open flags (CSV)" }).click(),
    ]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("TRX-99999");
    expect(csv).not.toContain("TRX-27002");
    await context.close();
  });
});
