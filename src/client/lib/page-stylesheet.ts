import { PAGE_STYLESHEET_ATTRIBUTE } from "@shared/page-scripts.js";

/**
 * A page the server rendered carries only the style rules its own markup uses, and preloads the
 * whole stylesheet without blocking its first paint (server: plugins/page-preloads.ts). Applied
 * here: what the running app adds (menus, dialogs, the next page) is styled, and Vite's chunk
 * loader finds the stylesheet's link in the page and does not fetch it again. Placed last in
 * <head>, after the inlined rules, so the whole file decides wherever the two differ in order.
 * Applying a preload already applied does nothing.
 *
 * `withoutWebFonts`: the file's faces that download a font are left out (the page's template
 * holds them, and the entry script defines them once the app has started: decision 057). The
 * link is added unapplied (`media="not all"`), its faces are taken out once it has loaded, and
 * only then does it apply.
 */
export function applyPageStylesheets({ withoutWebFonts = false } = {}): void {
  for (const preload of document.querySelectorAll<HTMLLinkElement>(
    `link[rel="preload"][${PAGE_STYLESHEET_ATTRIBUTE}]`,
  )) {
    const href = preload.getAttribute("href");
    if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    if (withoutWebFonts) {
      link.media = "not all";
      const apply = () => {
        const rules = link.sheet?.cssRules ?? [];
        for (let i = rules.length - 1; i >= 0; i--)
          if (rules[i] instanceof CSSFontFaceRule && rules[i].cssText.includes("url(")) link.sheet!.deleteRule(i);
        link.removeAttribute("media");
      };
      link.addEventListener("load", apply, { once: true });
      link.addEventListener("error", apply, { once: true });
    }
    link.setAttribute("href", href);
    document.head.append(link);
  }
}

/**
 * Applies the whole stylesheet, without its web fonts, as soon as its preloads (among `preloads`,
 * about to be added to the page) have loaded and `painted` has resolved (decision 058). Its
 * parsing and the page's restyle take a phone 80 ms of main thread: done while the app's script is
 * still downloading, instead of just before the app hydrates. The app applies it itself if it
 * starts first (start.tsx).
 */
export function applyPageStylesheetsOnceLoaded(preloads: ParentNode, painted: Promise<void>): void {
  const loaded = [
    ...preloads.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${PAGE_STYLESHEET_ATTRIBUTE}]`),
  ].map(
    (preload) =>
      new Promise<void>((resolve) => {
        preload.addEventListener("load", () => resolve(), { once: true });
        preload.addEventListener("error", () => resolve(), { once: true });
      }),
  );
  if (loaded.length) void Promise.all([painted, ...loaded]).then(() => applyPageStylesheets({ withoutWebFonts: true }));
}
