import fs from "node:fs";
import path from "node:path";
import { imageSrcSet, imageVariantUrl, type LargestPicture } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { PAGE_SCRIPTS_TEMPLATE_ID, PAGE_STYLESHEET_ATTRIBUTE } from "@shared/page-scripts.js";
import { stylesheetSubset, webFontFaces } from "./page-styles.js";
import { escapeHtml } from "@shared/rules/html.js";

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

const VIEWPORT_META = /<meta name="viewport"[^>]*>/;
const STYLESHEETS = /<link rel="stylesheet"[^>]*>\s*/g;
const STYLESHEET_HREF = /\shref="\/([^"]+\.css)"/;
/** The start of a page's script elements and module preloads, as Vite and `chunksOf` write them. */
const SCRIPT_TAGS = /<script type="module" crossorigin|<link rel="modulepreload" crossorigin/g;
/** The built page's script elements and module preloads, whole (moved below the markup in a rendered page). */
const SCRIPT_ELEMENTS = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\s*/g;

/**
 * The one font preloaded, in a page the browser renders (admin): the headings' (Latin). Never in a
 * page the server rendered: Chrome holds the first frame while a preloaded font loads (its
 * "render-blocking fonts", up to 1.5 s after navigation), and there the headings paint first in
 * the metric-matched fallback (decision 048; the phone's first frame waited for the font).
 */
const PRELOADED_FONT = /(^|\/)playfair-display-latin-600-normal-[\w-]+\.woff2$/;

/** The app's entry in the build (vite.config.ts), started by the page's entry script (src/client/main.tsx). */
const APP_ENTRY = "start.tsx";

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
  largest?: LargestPicture;
}

/**
 * Puts a page together from the built index.html: the page's own JavaScript chunks preloaded
 * (the browser fetches them while it parses the entry, instead of one after another on a slow
 * mobile connection), the largest picture preloaded, the server's head
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
  // The app (start.tsx, the build's second entry), which the entry script starts once the page is
  // painted (decision 050): every page needs it, beside its route's own chunks.
  const app = new Set<string>();
  collect(APP_ENTRY, app);
  const appScript = manifest[APP_ENTRY]
    ? `<script type="module" crossorigin src="/${manifest[APP_ENTRY].file}"></script>`
    : "";

  // A page the server rendered needs no script to be painted: its scripts only make it
  // interactive. Asked for at low priority, they leave a phone's slow line to the largest picture
  // first (Chrome sends it ahead of them), and a page-speed model that
  // counts every high-priority script loaded before the first paint as blocking it (Lighthouse's
  // does: it cannot see when a module script runs) no longer does so. A page the browser renders
  // (admin) keeps the default: there, the scripts are the first paint.
  const lowPriority = (markup: string) => markup.replace(SCRIPT_TAGS, (tag) => `${tag} fetchpriority="low"`);

  /** A route's own chunks as module preloads, at the default priority and at low, made once per route. */
  const chunkLinks = new Map<string, { browser: string; rendered: string }>();
  const chunksOf = (module: string) => {
    let links = chunkLinks.get(module);
    if (links === undefined) {
      const files = new Set(app);
      collect(module, files);
      const preloads = (except?: string) =>
        [...files]
          .filter((f) => !inEntry.has(f) && f !== except && f.endsWith(".js"))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join("");
      // A rendered page's template also preloads the app's own script: the entry script adds the
      // preloads once the largest picture has arrived, and the script itself once it is painted
      // (decision 054), so the app downloads in between and runs only then.
      links = {
        browser: appScript + preloads(manifest[APP_ENTRY]?.file),
        rendered: lowPriority(appScript + preloads()),
      };
      chunkLinks.set(module, links);
    }
    return links;
  };
  const font = manifest["index.html"]?.assets?.find((f) => PRELOADED_FONT.test(f));
  const fontLink = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : "";

  // What the first paint needs comes with the page itself. A page the server rendered inlines
  // only the rules its own markup can use (page-styles.ts: 28-37 KB of the 65 KB file), and
  // preloads the whole file at the end of its body, after the HTML has arrived and behind the
  // largest picture; the entry script applies it (lib/page-stylesheet.ts) as soon as it has
  // loaded, without its web fonts (decision 058), so what the running app adds (menus, dialogs,
  // the next page) is styled. Not a <link rel="stylesheet"> in the body: Chrome stops parsing at
  // one until it has loaded, and the first paint waited for it (measured; the CSP forbids the
  // `onload` that would switch a print-media link on). A page the browser renders (admin) gets
  // the whole file inlined: there the scripts are the first paint.
  const sheets = (html.match(STYLESHEETS) ?? []).map((link) => readStylesheet(clientDir, link.trim()));
  const browserStyles = sheets.map((sheet) => sheet.inlined).join("");
  const subsets = sheets.map((sheet) => (sheet.css === undefined ? undefined : stylesheetSubset(sheet.css)));
  // The headings' font is held in the page's template (decision 055), and the entry script defines
  // it once the app has started (decision 057): defined with the page, it was asked for at the
  // first layout and shared a phone's line with the picture, then with the app's script. The
  // headings are painted in its stand-in meanwhile.
  const webFonts = sheets.map((sheet) => (sheet.css === undefined ? "" : webFontFaces(sheet.css))).join("");
  const lateFonts = webFonts ? `<style>${escapeStyle(webFonts)}</style>` : "";
  const renderedStyles = (body: string) =>
    sheets.map((sheet, i) => (subsets[i] ? `<style>${escapeStyle(subsets[i](body))}</style>` : sheet.link)).join("");
  const lateStylesheets = sheets
    .filter((sheet) => sheet.css !== undefined)
    .map(
      (sheet) =>
        `<link rel="preload" as="style" fetchpriority="low" ${PAGE_STYLESHEET_ATTRIBUTE} href="/${sheet.href}">`,
    )
    .join("");
  const page = html.replace(STYLESHEETS, "");
  // A rendered page's scripts come after its markup, its data and the late stylesheet: the
  // browser discovers them only once the HTML has arrived, so on a phone's slow line they do not
  // share it with the HTML itself (measured: 87 KB of entry script, asked for at low priority from
  // the head, still took most of the line while the 19 KB page was arriving, and the page ended
  // 900 ms after it began). Module scripts run after parsing wherever they stand.
  const renderedShell = lowPriority(page);
  const renderedScripts = (renderedShell.match(SCRIPT_ELEMENTS) ?? []).map((tag) => tag.trim()).join("");
  const shells = { browser: page, rendered: renderedShell.replace(SCRIPT_ELEMENTS, "") };

  return function assemble(parts: PageParts): string {
    // The largest picture is the first request after the page itself: right after the viewport
    // meta (its imagesizes are in vw), then the inlined styles, the scripts.
    const largest = parts.largest;
    const preload = (image: ImageRef, media = "") =>
      `<link rel="preload" as="image" fetchpriority="high"${media && ` media="${escapeHtml(media)}"`} href="${escapeHtml(imageVariantUrl(image, "card"))}" ` +
      `imagesrcset="${escapeHtml(imageSrcSet(image))}" imagesizes="${largest!.sizes}">`;
    const picture = largest
      ? preload(largest.image) + (largest.beside ?? []).map((other) => preload(other.image, other.media)).join("")
      : "";
    const made = parts.body !== "" ? "rendered" : "browser";
    const firstPaint = picture + (made === "rendered" ? renderedStyles(parts.body) : fontLink + browserStyles);
    const shell = shells[made];
    const withFirstPaint = VIEWPORT_META.test(shell)
      ? shell.replace(VIEWPORT_META, (meta) => meta + firstPaint)
      : shell.replace("</head>", () => `${firstPaint}</head>`);
    const chunks = chunksOf(parts.module)[made];
    // Replaced through functions: in a replacement string, admin-written "$&" or "$'" would be patterns.
    if (made === "browser")
      return withFirstPaint
        .replace("</head>", () => `${parts.head}${chunks}</head>`)
        .replace(`<div id="root"></div>`, () => `<div id="root">${parts.body}</div>${parts.state}`);
    // A rendered page's preloads and web fonts are inert until the entry script adds them, once
    // the page is painted and its largest picture has arrived, the fonts once the app has started
    // (decisions 050, 054, 055, 057): nothing else competes with the picture, then with the app.
    const preloads = `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}">${lateFonts}${lateStylesheets}${chunks}</template>`;
    return withFirstPaint
      .replace("</head>", () => `${parts.head}</head>`)
      .replace(
        `<div id="root"></div>`,
        () => `<div id="root">${parts.body}</div>${parts.state}${preloads}${renderedScripts}`,
      );
  };
}

/** "</style" inside the text would end the element early (Tailwind never writes it; a comment could). */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, "<\\/style");

/**
 * A built stylesheet named by its link: its text (its url()s are absolute /assets/ paths, as Vite
 * writes them) and, for a page the browser renders, a <style> element holding it after a disabled
 * link naming it. Without the file, the link itself.
 */
function readStylesheet(clientDir: string, link: string) {
  const href = link.match(STYLESHEET_HREF)?.[1];
  const file = href ? path.join(clientDir, href) : undefined;
  if (!href || !file || !fs.existsSync(file)) return { link, href, css: undefined, inlined: link };
  const css = fs.readFileSync(file, "utf8");
  // A disabled link names the file whose text this is: browsers neither fetch nor apply it, and
  // Vite's loader of lazy chunks, which loads a chunk's stylesheets unless a <link
  // rel="stylesheet"> with that href is in the page, takes it as loaded. Without it, every page
  // fetched the file again when it first loaded a lazy chunk, and restyled itself with it.
  return {
    link,
    href,
    css,
    inlined: `<link rel="stylesheet" href="/${href}" disabled><style>${escapeStyle(css)}</style>`,
  };
}
