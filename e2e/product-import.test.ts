import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { queryRows } from "@server/db/rows.js";
import { shopifySample } from "@server/modules/product-import/import-samples.test-support.js";
import { startPictureCdn, type PictureCdn } from "@server/test/fakes/picture-cdn.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { startedStore } from "./support/suite";

let cdn: PictureCdn;
beforeAll(async () => {
  cdn = await startPictureCdn();
});
afterAll(() => cdn?.close());

const suite = startedStore(() => ({ productImport: { fetchAllow: `127.0.0.1:${cdn.port}` } }));

describe("moving a shop in", () => {
  it("the owner checks Shopify's CSV, imports it, and the imported product is in the shop", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await openAdmin(context, "/admin/products");
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByLabel(/^Products file/).setInputFiles({
      name: "products_export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(shopifySample(cdn.url)),
    });
    await page.getByLabel("Format").selectOption("shopify");
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByRole("status").filter({ hasText: "Checked: 7 rows." }).waitFor();
    await page.getByText("Pictures to fetch: 6").waitFor();
    await screenshot(page, "product-import-dry-run-desktop");
    await page.getByRole("button", { name: "Import", exact: true }).last().click();
    await page.getByRole("status").filter({ hasText: "Imported: 7 rows." }).waitFor();
    await page.getByText("Pictures fetched: 6").waitFor();
    await screenshot(page, "product-import-done-desktop");

    // Opened by its id: `/product/{id}` answers 301 to `/products/{handle}` where handles are in.
    const [{ id }] = await queryRows<{ id: number }>(
      suite.store.db,
      sql`select id from products where handle = 'lawn-suit-3-piece'`,
    );
    const shop = await context.newPage();
    await shop.goto(`${suite.store.baseUrl}/product/${id}`);
    await shop.getByRole("heading", { name: "Lawn Suit – 3 Piece" }).waitFor();
    await context.close();
  });
});
