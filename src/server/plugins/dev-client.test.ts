import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { footerEdit } from "../test/footer-edit.js";
import { insertCategory, insertProduct } from "../test/factory.js";
import { createTestApp, type TestContext } from "../test/test-app.js";

// `npm run dev` (SERVE_CLIENT=dev): Vite in middleware mode inside the real server, listening on
// 127.0.0.1, the storefront rendered from source on every request. e2e/dev-refresh.test.ts has
// an edit reach an open page.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const footer = footerEdit("Before the edit.");

let t: TestContext;
let origin: string;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({
    devClient: { viteConfigFile: path.join(root, "vite.config.ts"), plugins: [footer.plugin] },
  });
  await insertCategory(t.db, "casual");
  productId = (await insertProduct(t.db, { name: "Dev Mode Kurta" })).id;
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
}, 120_000);

afterAll(async () => {
  await t?.close();
  footer.remove();
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
    // No inline script (Preact's fast refresh needs no preamble), and none allowed.
    const running = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1])
      .filter((a) => !/type="application\/(ld\+)?json"/.test(a));
    expect(running.every((attributes) => /\ssrc="/.test(attributes))).toBe(true);
    const policy = res.headers.get("content-security-policy") ?? "";
    const scripts = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scripts).not.toContain("unsafe-inline");
    expect(policy).toMatch(/connect-src[^;]* ws:/);
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
    // A component's module registers with Preact's fast refresh and takes its own updates.
    const footerModule = await (await get("/features/layout/site-footer.tsx")).text();
    expect(footerModule).toContain("__PREFRESH__");
    expect(footerModule).toContain("import.meta.hot.accept");
    expect((await get("/no-such-file.js")).status).toBe(404);
    // The API is the server's own, untouched by Vite.
    expect((await get("/api/no-such-endpoint")).status).toBe(404);
  }, 120_000);

  it("shows an edit to a source file on the next page load, without a restart", async () => {
    expect(await (await get("/")).text()).toContain("Before the edit.");
    footer.write("After the edit.");
    await expect
      .poll(async () => (await (await get("/")).text()).includes("After the edit."), { timeout: 30_000, interval: 250 })
      .toBe(true);
  }, 120_000);
});
