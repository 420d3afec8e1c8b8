import fs from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Which route module renders a path, and which API reads it starts with. */
function pageOf(pathname: string, query: string): { module: string; data: string[] } {
  const settings = "/api/settings";
  if (pathname === "/") return { module: "app/routes/home.tsx", data: [settings, "/api/products", "/api/categories"] };
  if (pathname === "/shop")
    return { module: "app/routes/shop.tsx", data: query ? [settings] : [settings, "/api/products"] };
  const product = /^\/product\/(\d{1,9})$/.exec(pathname);
  if (product) return { module: "app/routes/product.tsx", data: [settings, `/api/products/${product[1]}`] };
  if (pathname.startsWith("/collection/"))
    return { module: "app/routes/collection.tsx", data: [settings, "/api/categories"] };
  const simple = /^\/(cart|checkout|wishlist|search)$/.exec(pathname);
  return { module: simple ? `app/routes/${simple[1]}.tsx` : "app/routes/not-found.tsx", data: [settings] };
}

/**
 * index.html for a storefront path, with the page's own JavaScript chunks and first API reads
 * preloaded: the browser fetches them while it parses the entry, instead of one after another
 * (route chunk, then data, then images) on a slow mobile connection.
 */
export function pageRenderer(clientDir: string, indexHtml: Buffer): (url: string) => string {
  const html = indexHtml.toString();
  const manifestFile = path.join(clientDir, ".vite/manifest.json");
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, "utf8"))
    : {};
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, into);
  };
  collect("index.html", inEntry);

  const chunkLinks = new Map<string, string>();
  const chunksOf = (module: string) => {
    let links = chunkLinks.get(module);
    if (links === undefined) {
      const files = new Set<string>();
      collect(module, files);
      links = [...files]
        .filter((f) => !inEntry.has(f) && f.endsWith(".js"))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
        .join("");
      chunkLinks.set(module, links);
    }
    return links;
  };

  return (url) => {
    const [pathname, query = ""] = url.split("?", 2);
    const page = pageOf(pathname, query);
    const data = page.data.map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`,
    );
    return html.replace("</head>", `${chunksOf(page.module)}${data.join("")}</head>`);
  };
}
