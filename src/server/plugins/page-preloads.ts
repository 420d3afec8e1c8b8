import fs from "node:fs";
import path from "node:path";
import { SETTING_DEFAULTS } from "@shared/constants.js";
import { IMAGE_SIZES, imageSrcSet, imageVariantUrl } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { escapeHtml, headerShell, heroShell, productShell, shopShell, type ShellProduct } from "./page-shells.js";

export { escapeHtml };

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

/** The one font preloaded with every page: the headings' and the header's (Latin), above the fold everywhere. */
const PRELOADED_FONT = /(^|\/)playfair-display-latin-600-normal-[\w-]+\.woff2$/;

/** The picture a page's largest paint is, as far as the server can tell from the page's data. */
type LargestImage = "hero" | "product" | "first-card";

interface Page {
  /** The route module that renders the path (its chunks are preloaded). */
  module: string;
  /** API reads the page starts with; their answers are inlined into the HTML. */
  data: string[];
  largest?: LargestImage;
}

/** Which route module renders a path, and which API reads it starts with. */
export function pageOf(pathname: string, hasQuery: boolean): Page {
  const settings = "/api/settings";
  if (pathname === "/")
    return { module: "app/routes/home.tsx", data: [settings, "/api/products", "/api/categories"], largest: "hero" };
  if (pathname === "/shop")
    return hasQuery
      ? { module: "app/routes/shop.tsx", data: [settings] }
      : { module: "app/routes/shop.tsx", data: [settings, "/api/products"], largest: "first-card" };
  const product = /^\/product\/(\d{1,9})$/.exec(pathname);
  if (product)
    return {
      module: "app/routes/product.tsx",
      data: [settings, `/api/products/${product[1]}`],
      largest: "product",
    };
  if (pathname.startsWith("/collection/"))
    return { module: "app/routes/collection.tsx", data: [settings, "/api/categories"] };
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return { module: "app/admin/admin-route.tsx", data: [] };
  if (pathname === "/settings") return { module: "app/admin/settings-route.tsx", data: [] };
  const simple = /^\/(cart|checkout|wishlist|search)$/.exec(pathname);
  return { module: simple ? `app/routes/${simple[1]}.tsx` : "app/routes/not-found.tsx", data: [settings] };
}

/** A catalogue answer as the catalogue cache holds it: the JSON text and its ETag. */
export interface ApiAnswer {
  json: string;
  etag: string;
}
/** Reads a public catalogue path (through the catalogue cache); undefined when it is not a 200. */
export type ReadApi = (apiPath: string) => Promise<ApiAnswer | undefined>;

/**
 * JSON placed inside a <script> element: `<`, `>` and `&` only occur inside JSON strings, where
 * their \u escapes mean the same, so no `</script>` or `<!--` written by the admin can end the
 * element. U+2028/2029 are escaped too, for any reader that treats the text as JavaScript.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const newestFirst = (a: { createdAt: string; id: number }, b: { createdAt: string; id: number }) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

function settingText(settings: { key: string; value: unknown }[], key: keyof typeof SETTING_DEFAULTS): string {
  const value = settings.find((s) => s.key === key)?.value;
  return typeof value === "string" && value !== "" ? value : String(SETTING_DEFAULTS[key]);
}

function parse<T>(answer: ApiAnswer | undefined): T | undefined {
  return answer ? (JSON.parse(answer.json) as T) : undefined;
}

/**
 * index.html for a storefront path, with the page's own JavaScript chunks and first API reads
 * preloaded: the browser fetches them while it parses the entry, instead of one after another
 * (route chunk, then data, then images) on a slow mobile connection.
 */
export function pageRenderer(clientDir: string, indexHtml: Buffer) {
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
  const font = manifest["index.html"]?.assets?.find((f) => PRELOADED_FONT.test(f));
  const fontLink = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : "";
  const fetchLink = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

  /** The page with its chunks and first reads preloaded (pages served without their data). */
  function withPreloads(url: string): string {
    const [pathname, query = ""] = url.split("?", 2);
    const page = pageOf(pathname, query !== "");
    return html.replace("</head>", `${fontLink}${chunksOf(page.module)}${page.data.map(fetchLink).join("")}</head>`);
  }

  /**
   * The page with its first reads inlined (the app seeds its query cache from them, so no API
   * round trip precedes the first render), its largest picture preloaded, and that picture
   * painted in a static first frame inside #root that the app replaces when it mounts.
   * `etag` names the data it was made from, so the caller can keep the (compressed) result.
   */
  async function withData(pathname: string, hasQuery: boolean, read: ReadApi): Promise<{ html: string; etag: string }> {
    const page = pageOf(pathname, hasQuery);
    const answers = await Promise.all(page.data.map(read));
    const inlined: string[] = [];
    const preloads: string[] = [];
    page.data.forEach((apiPath, i) => {
      const answer = answers[i];
      if (answer) inlined.push(`${JSON.stringify(apiPath)}:${scriptSafeJson(answer.json)}`);
      else preloads.push(fetchLink(apiPath));
    });

    const settings = parse<{ key: string; value: unknown }[]>(answers[0]) ?? [];
    let shell = "";
    let largest: ImageRef | undefined;
    let sizes: keyof typeof IMAGE_SIZES = "card";
    if (page.largest === "hero" || page.largest === "first-card") {
      const products = (parse<ShellProduct[]>(answers[1]) ?? []).slice().sort(newestFirst);
      const newest = products[0];
      largest = newest?.images[0];
      if (page.largest === "hero" && newest) {
        sizes = "hero";
        shell =
          headerShell(settingText(settings, "site_name")) +
          `<main class="flex-1">${heroShell(settingText(settings, "hero_title"), settingText(settings, "hero_subtitle"), newest)}</main>`;
      }
      if (page.largest === "first-card" && newest)
        shell = headerShell(settingText(settings, "site_name")) + `<main class="flex-1">${shopShell(products)}</main>`;
    } else if (page.largest === "product") {
      const product = parse<ShellProduct>(answers[1]);
      largest = product?.images[0];
      sizes = "gallery";
      if (product)
        shell =
          headerShell(settingText(settings, "site_name")) + `<main class="flex-1">${productShell(product)}</main>`;
    }
    // The largest picture is the first request after the page itself: right after the viewport
    // meta (its imagesizes are in vw), before the entry's scripts and styles.
    const picture = largest
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageVariantUrl(largest, "card"))}" ` +
        `imagesrcset="${escapeHtml(imageSrcSet(largest))}" imagesizes="${IMAGE_SIZES[sizes]}">`
      : "";

    const head = `${preloads.join("")}${fontLink}${chunksOf(page.module)}<script id="page-data" type="application/json">{${inlined.join(",")}}</script></head>`;
    const body = shell
      ? `<div id="root"><div class="flex min-h-dvh flex-col">${shell}</div></div>`
      : `<div id="root"></div>`;
    const withPicture = VIEWPORT_META.test(html)
      ? html.replace(VIEWPORT_META, (meta) => meta + picture)
      : html.replace("</head>", () => `${picture}</head>`);
    // Replaced through functions: in a replacement string, admin-written "$&" or "$'" would be patterns.
    return {
      html: withPicture.replace("</head>", () => head).replace(`<div id="root"></div>`, () => body),
      etag: answers.map((a) => a?.etag ?? "-").join(","),
    };
  }

  return { withPreloads, withData };
}
