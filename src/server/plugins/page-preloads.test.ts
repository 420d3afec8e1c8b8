import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageRenderer } from "./page-preloads.js";

function clientDirWith(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preloads-"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
  return dir;
}

const manifest = {
  "index.html": { file: "assets/index-1.js", imports: ["_api-1.js"] },
  "_api-1.js": { file: "assets/api-1.js" },
  "_grid-1.js": { file: "assets/grid-1.js", imports: ["_api-1.js"] },
  "app/routes/home.tsx": { file: "assets/home-1.js", imports: ["index.html", "_grid-1.js"] },
  "app/routes/product.tsx": { file: "assets/product-1.js", imports: ["index.html", "_grid-1.js"] },
};
const html = Buffer.from("<html><head><title>x</title></head><body></body></html>");

describe("pageRenderer", () => {
  const render = pageRenderer(clientDirWith(manifest), html);

  it("preloads the home page's own chunks and first reads, not what the entry already loads", () => {
    const page = render("/");
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(page).toContain('href="/assets/grid-1.js"');
    expect(page).not.toContain("index-1.js");
    expect(page).not.toContain("api-1.js");
    for (const api of ["/api/settings", "/api/products", "/api/categories"]) {
      expect(page).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${api}">`);
    }
  });

  it("preloads the product a product page shows", () => {
    expect(render("/product/42")).toContain('href="/api/products/42"');
    expect(render("/product/42")).toContain("product-1.js");
  });

  it("preloads no product list for a filtered shop, whose URL the client builds itself", () => {
    expect(render("/shop?category=formal")).not.toContain('href="/api/products"');
    expect(render("/shop")).toContain('href="/api/products"');
  });
});
