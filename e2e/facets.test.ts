import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Facets } from "@shared/schemas/attributes.js";
import { DESKTOP, newContext, PHONE, screenshot } from "./support/browser";
import { startedStore } from "./support/suite";

interface ApiProduct {
  id: number;
  name: string;
  category: string;
  sizes: string[];
}

const suite = startedStore();
let lawn: ApiProduct[];
let charted: ApiProduct;

beforeAll(async () => {
  const { store } = suite;
  const catalogue = (await (await fetch(`${store.baseUrl}/api/products`)).json()) as ApiProduct[];
  lawn = catalogue.slice(0, 3);
  const silk = catalogue.slice(3, 5);
  const fileUnder = (ids: number[], attributes: Record<string, string[]>) =>
    store.db.execute(
      sql`update products set attributes = ${JSON.stringify(attributes)}::jsonb where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  await fileUnder(
    lawn.map((p) => p.id),
    { Fabric: ["Lawn"], Season: ["Summer"] },
  );
  await fileUnder(
    silk.map((p) => p.id),
    { Fabric: ["Silk"] },
  );
  store.app.catalogueCache.invalidate();

  charted = catalogue.find((p) => p.sizes.length > 0)!;
  const categories = (await (await fetch(`${store.baseUrl}/api/categories`)).json()) as {
    id: number;
    slug: string;
    name: string;
  }[];
  const category = categories.find((c) => c.slug === charted.category)!;
  const put = await store.adminFetch(`/api/categories/${category.id}`, {
    method: "PUT",
    json: {
      name: category.name,
      slug: category.slug,
      sizeChart: {
        columns: ["Size", "Chest", "Length"],
        rows: [
          ["S", "36", "40"],
          ["M", "38", "41"],
        ],
        note: "Inches",
      },
    },
  });
  expect(put.status).toBe(200);
});

const facetsJson = async (query: string) =>
  (await (await fetch(`${suite.store.baseUrl}/api/products/facets?${query}`)).json()) as Facets;

describe("the shop's filter panel", () => {
  it("is built from the catalogue with counts, narrows the shop, keeps the choice in the URL, and the server's page agrees", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto("/shop");
    const filters = page.getByRole("complementary", { name: "Filters" });
    const fabric = filters.getByRole("group", { name: "Fabric" });
    await fabric.waitFor();
    expect(await fabric.locator("label", { hasText: "Lawn" }).innerText()).toMatch(/^Lawn\s*3\s*products$/);
    expect(await fabric.locator("label", { hasText: "Silk" }).innerText()).toMatch(/^Silk\s*2\s*products$/);
    // Colours come from the products, not from a fixed list.
    const colours = (await facetsJson("")).facets.find((f) => f.name === "Color")!;
    expect(await filters.getByRole("group", { name: "Colour" }).getByRole("checkbox").count()).toBe(
      colours.values.length,
    );

    await fabric.getByLabel("Lawn").check();
    await page.getByText("Showing 3 products").waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.getAll("f")).toEqual(["Fabric:Lawn"]);
    // The other facets now count within the lawn products; Fabric's own still counts every fabric.
    const narrowed = await facetsJson("f=Fabric:Lawn");
    const season = narrowed.facets.find((f) => f.name === "Season")!;
    expect(season.values).toEqual([{ value: "Summer", count: 3 }]);
    expect(narrowed.facets.find((f) => f.name === "Fabric")!.values).toEqual([
      { value: "Lawn", count: 3 },
      { value: "Silk", count: 2 },
    ]);
    await screenshot(page, "facets-shop-desktop");

    await page.reload();
    await page.getByText("Showing 3 products").waitFor();
    expect(await fabric.getByLabel("Lawn").isChecked()).toBe(true);
    for (const p of lawn) await page.getByRole("heading", { name: p.name }).first().waitFor();

    // The server-rendered page carries the same choice and counts as the JSON.
    const html = await (await fetch(`${suite.store.baseUrl}/shop?f=Fabric%3ALawn`)).text();
    expect(html).toContain("Showing 3 products");
    expect(html).toMatch(/id="side-f-Fabric:Lawn"[^>]*checked/);
    for (const { value, count } of season.values)
      expect(html).toMatch(new RegExp(`<span>${value}</span><span[^>]*>${count}<span class="sr-only"> products`));
    await context.close();
  });

  it("filters at phone width from the sheet, and the product page opens its category's size chart in a dialog", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    await page.goto("/shop");
    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByRole("group", { name: "Fabric" }).getByLabel("Silk").check();
    await page.getByRole("button", { name: "Show 2 products" }).click();
    await page.getByText("Showing 2 products").waitFor();
    expect(new URL(page.url()).searchParams.getAll("f")).toEqual(["Fabric:Silk"]);

    await page.goto(`/product/${charted.id}`);
    await page.getByRole("heading", { level: 1, name: charted.name }).waitFor();
    await page.getByRole("button", { name: "Size Chart" }).click();
    const chart = page.getByRole("dialog", { name: "Size Chart" });
    await chart.getByRole("cell", { name: "38" }).waitFor();
    await chart.getByText("Inches").waitFor();
    await screenshot(page, "facets-size-chart-phone");
    await page.keyboard.press("Escape");
    await chart.waitFor({ state: "hidden" });
    await context.close();
  });
});
