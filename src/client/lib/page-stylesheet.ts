import { PAGE_STYLESHEET_ATTRIBUTE } from "@shared/constants.js";

/**
 * A page the server rendered carries only the style rules its own markup uses, and preloads the
 * whole stylesheet at its end without blocking its first paint (server: plugins/page-preloads.ts).
 * Applied here, before the app loads any lazy chunk: what the running app adds (menus, dialogs,
 * the next page) is styled, and Vite's chunk loader finds the stylesheet's link in the page and
 * does not fetch it again. Placed last in <head>, after the inlined rules, so the whole file
 * decides wherever the two differ in order.
 */
export function applyPageStylesheets(): void {
  for (const preload of document.querySelectorAll<HTMLLinkElement>(
    `link[rel="preload"][${PAGE_STYLESHEET_ATTRIBUTE}]`,
  )) {
    const href = preload.getAttribute("href");
    if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.setAttribute("href", href);
    document.head.append(link);
  }
}
