import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../test/factory.js";
import { createTestApp, type TestContext } from "../test/test-app.js";

// `npm run dev` (SERVE_CLIENT=dev): Vite in middleware mode inside the real server, listening on
// 127.0.0.1, the storefront rendered from source on every request.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FOOTER_LINE = "Cash on delivery across Pakistan.";

/**
 * An edit without touching the source other tests and builds read: the footer's line comes from a
 * file outside the repository, which Vite watches as a dependency of site-footer.tsx. Writing the
 * file is a change to that module as far as Vite's watcher and module graph are concerned.
 */
const edits = fs.mkdtempSync(path.join(os.tmpdir(), "dev-client-"));
const footerLineFile = path.join(edits, "footer-line.txt");
const footerLine: Plugin = {
  name: "dev-client-test-footer-line",
  enforce: "pre",
  transform(code, id) {
    if (!id.split("?", 1)[0].endsWith("/features/layout/site-footer.tsx")) return;
    this.addWatchFile(footerLineFile);
    return code.replace(FOOTER_LINE, fs.readFileSync(footerLineFile, "utf8"));
  },
};

let t: TestContext;
let origin: string;
let productId: number;

beforeAll(async () => {
  fs.writeFileSync(footerLineFile, "Before the edit.");
  t = await createTestApp({
    devClient: { viteConfigFile: path.join(root, "vite.config.ts"), plugins: [footerLine] },
  });
  await insertCategory(t.db, "casual");
  productId = (await insertProduct(t.db, { name: "Dev Mode Kurta" })).id;
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(edits, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${origin}${url}`, { signal: AbortSignal.timeout(60_000) });

describe("npm run dev", () => {
  it("renders the home page on the server from source, with Vite's client and a policy that lets it run", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    // The server's markup, not an empty root for the browser to fill.
    expect(html).toMatch(/<div id="root"><.+Dev Mode Kurta/s);
    expect(html).toContain('<script id="page-state" type="application/json">');
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    expect(html).toContain('<script type="module" src="/main.tsx"></script>');
    // The React refresh preamble is inline: allowed by its hash, and only in this mode.
    const preamble = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1];
    expect(preamble).toContain("/@react-refresh");
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`'sha256-${createHash("sha256").update(preamble!).digest("base64")}'`);
    const scripts = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scripts).not.toContain("unsafe-inline");
  }, 120_000);

  it("renders a product page with its head, and 404 for a missing one", async () => {
    const res = await get(`/product/${productId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Dev Mode Kurta \|/);
    expect(html).toMatch(/<div id="root"><.+Dev Mode Kurta/s);
    expect((await get("/product/999999")).status).toBe(404);
  }, 120_000);

  it("serves the modules the page names, through Vite", async () => {
    for (const url of ["/@vite/client", "/main.tsx"]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toMatch(/javascript/);
    }
    expect((await get("/no-such-file.js")).status).toBe(404);
    // The API is the server's own, untouched by Vite.
    expect((await get("/api/no-such-endpoint")).status).toBe(404);
  }, 120_000);

  it("shows an edit to a source file on the next page load, without a restart", async () => {
    expect(await (await get("/")).text()).toContain("Before the edit.");
    fs.writeFileSync(footerLineFile, "After the edit.");
    await expect
      .poll(async () => (await (await get("/")).text()).includes("After the edit."), { timeout: 30_000, interval: 250 })
      .toBe(true);
  }, 120_000);
});
