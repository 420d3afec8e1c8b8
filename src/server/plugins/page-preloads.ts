import fs from "node:fs";
import path from "node:path";
import { imageSrcSet, imageVariantUrl } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

const VIEWPORT_META = /<meta name="viewport"[^>]*>/;
const STYLESHEETS = /<link rel="stylesheet"[^>]*>\s*/g;
const STYLESHEET_HREF = /\shref="\/([^"]+\.css)"/;
/** The start of a page's script elements and module preloads, as Vite and `chunksOf` write them. */
const SCRIPT_TAGS = /<script type="module" crossorigin|<link rel="modulepreload" crossorigin/g;

/** The one font preloaded with every page: the headings' and the header's (Latin), above the fold everywhere. */
const PRELOADED_FONT = /(^|\/)playfair-display-latin-600-normal-[\w-]+\.woff2$/;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** What goes into a page beyond the built index.html: the server renderer's output. */
export interface PageParts {
  /** The route module whose chunks are preloaded (as Vite's manifest names it). */
  module: string;
  /** Elements for <head> (title, meta, JSON-LD). */
  head: string;
  /** The markup inside #root ('' for a page the browser renders). */
  body: string;
  /** The inlined first data (a script element), or ''. */
  state: string;
  /** The largest picture, preloaded right after the viewport meta. */
  largest?: { image: ImageRef; sizes: string };
}

/**
 * Puts a page together from the built index.html: the page's own JavaScript chunks preloaded
 * (the browser fetches them while it parses the entry, instead of one after another on a slow
 * mobile connection), the headings' font and the largest picture preloaded, the server's head
 * elements, its rendered markup and its first data.
 */
export function pageAssembler(clientDir: string, indexHtml: Buffer) {
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

  // A page the server rendered needs no script to be painted: its scripts only make it
  // interactive. Asked for at low priority, they leave a phone's slow line to the largest picture
  // and the headings' font first (Chrome sends those ahead of them), and a page-speed model that
  // counts every high-priority script loaded before the first paint as blocking it (Lighthouse's
  // does: it cannot see when a module script runs) no longer does so. A page the browser renders
  // (admin) keeps the default: there, the scripts are the first paint.
  const lowPriority = (markup: string) => markup.replace(SCRIPT_TAGS, (tag) => `${tag} fetchpriority="low"`);

  /** A route's own chunks as module preloads, at the default priority and at low, made once per route. */
  const chunkLinks = new Map<string, { browser: string; rendered: string }>();
  const chunksOf = (module: string) => {
    let links = chunkLinks.get(module);
    if (links === undefined) {
      const files = new Set<string>();
      collect(module, files);
      const browser = [...files]
        .filter((f) => !inEntry.has(f) && f.endsWith(".js"))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
        .join("");
      links = { browser, rendered: lowPriority(browser) };
      chunkLinks.set(module, links);
    }
    return links;
  };
  const font = manifest["index.html"]?.assets?.find((f) => PRELOADED_FONT.test(f));
  const fontLink = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : "";

  // What the first paint needs comes with the page itself: the built stylesheet is inlined (read
  // once per build, so a page costs nothing more to serve). On a phone's slow connection a
  // render-blocking stylesheet request shared the line with the font, the largest picture and the
  // JavaScript (HTTP/1.1's six connections) and ended well after the HTML; the page is then
  // painted as soon as it is parsed. The font is still asked for before any script.
  const stylesheets = (html.match(STYLESHEETS) ?? []).map((link) => inlineStylesheet(clientDir, link.trim())).join("");
  const page = html.replace(STYLESHEETS, "");
  const shells = { browser: page, rendered: lowPriority(page) };

  return function assemble(parts: PageParts): string {
    // The largest picture is the first request after the page itself: right after the viewport
    // meta (its imagesizes are in vw), then the headings' font, the inlined styles, the scripts.
    const picture = parts.largest
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageVariantUrl(parts.largest.image, "card"))}" ` +
        `imagesrcset="${escapeHtml(imageSrcSet(parts.largest.image))}" imagesizes="${parts.largest.sizes}">`
      : "";
    const firstPaint = picture + fontLink + stylesheets;
    const made = parts.body !== "" ? "rendered" : "browser";
    const shell = shells[made];
    const withFirstPaint = VIEWPORT_META.test(shell)
      ? shell.replace(VIEWPORT_META, (meta) => meta + firstPaint)
      : shell.replace("</head>", () => `${firstPaint}</head>`);
    const chunks = chunksOf(parts.module)[made];
    // Replaced through functions: in a replacement string, admin-written "$&" or "$'" would be patterns.
    return withFirstPaint
      .replace("</head>", () => `${parts.head}${chunks}</head>`)
      .replace(`<div id="root"></div>`, () => `<div id="root">${parts.body}</div>${parts.state}`);
  };
}

/**
 * A built stylesheet's link as a <style> element holding the file (its url()s are absolute
 * /assets/ paths, as Vite writes them) after a disabled link naming it, or the link itself when
 * the file is not there.
 */
function inlineStylesheet(clientDir: string, link: string): string {
  const href = link.match(STYLESHEET_HREF)?.[1];
  const file = href ? path.join(clientDir, href) : undefined;
  if (!file || !fs.existsSync(file)) return link;
  // "</style" inside the text would end the element early (Tailwind never writes it; a comment could).
  const css = fs.readFileSync(file, "utf8").replace(/<\/style/gi, "<\\/style");
  // A disabled link names the file whose text this is: browsers neither fetch nor apply it, and
  // Vite's loader of lazy chunks, which loads a chunk's stylesheets unless a <link
  // rel="stylesheet"> with that href is in the page, takes it as loaded. Without it, every page
  // fetched the file again when it first loaded a lazy chunk, and restyled itself with it.
  return `<link rel="stylesheet" href="/${href}" disabled><style>${css}</style>`;
}
