import { afterAll, describe, expect, it } from "vitest";
import { footerEdit } from "@server/test/footer-edit.js";
import { hydrated, newContext } from "./support/browser";
import { startedStore } from "./support/suite";

// `npm run dev`: a developer's edit reaches the page already open, without reloading it
// (Preact's fast refresh, decision 056). src/server/plugins/dev-client.test.ts has the server side.
const footer = footerEdit("Before the edit.");
const suite = startedStore({ devPlugins: [footer.plugin] });
afterAll(() => footer.remove());

describe("npm run dev in a browser", () => {
  it("swaps an edited component into the open page, keeping the page and what was typed", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/search");
    await expect.poll(() => hydrated(page, "footer"), { timeout: 60_000 }).toBe(true);
    await expect(page.locator("footer").textContent()).resolves.toContain("Before the edit.");
    // Marks that a reload would wipe: a value on the window, text in the search box.
    await page.evaluate(() => Object.assign(window, { keptAcrossEdit: true }));
    const search = page.getByRole("searchbox").first();
    await search.fill("lawn");

    footer.write("After the edit.");

    await expect.poll(() => page.locator("footer").textContent(), { timeout: 30_000 }).toContain("After the edit.");
    expect(await page.evaluate(() => (window as { keptAcrossEdit?: boolean }).keptAcrossEdit)).toBe(true);
    await expect(search.inputValue()).resolves.toBe("lawn");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
