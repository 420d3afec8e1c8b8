/**
 * The entry script: small, and all a page runs before the app. A page the server rendered is
 * painted before anything of the app is fetched (decision 050), and its largest picture has the
 * line to itself. Once that picture's bytes are in, the page's preloads, held inert in a template
 * by the server, are added, and the app's script with them as a module preload: the app comes
 * down while the picture is decoded and painted (decision 054). The whole stylesheet among them is
 * applied as soon as it is in, while the app is still coming (decision 058). Only once the picture
 * is painted is the app's script added, and the app (start.tsx) runs and hydrates the page in
 * place; taps meanwhile are kept and replayed then. The web fonts, held in the same template, are
 * defined only once the app has started (decision 057): until then the app has the line. A page
 * the browser renders (admin) names the app's script itself: there the app is the first paint.
 */
import { APP_STARTED, PAGE_SCRIPTS_TEMPLATE_ID } from "@shared/page-scripts.js";
import { afterLargestPaint, afterLargestPictureArrives } from "./lib/after-first-paint";
import { keepEarlyTaps } from "./lib/early-taps";
import { applyPageStylesheetsOnceLoaded } from "./lib/page-stylesheet";
import "./styles.css";

window.addEventListener(APP_STARTED, keepEarlyTaps(), { once: true });

const template = document.getElementById(PAGE_SCRIPTS_TEMPLATE_ID);
if (template instanceof HTMLTemplateElement) {
  // Copies, not the template's own elements: a script the parser put in a template never runs.
  // The preloads (the app's script among them) first, the scripts once the picture is painted,
  // the web fonts' faces once the app has started, or failed to load.
  const held = document.importNode(template.content, true);
  const scripts = [...held.querySelectorAll("script")];
  const fonts = [...held.querySelectorAll("style")];
  for (const element of [...scripts, ...fonts]) element.remove();
  const defineFonts = () => document.body.append(...fonts);
  window.addEventListener(APP_STARTED, defineFonts, { once: true });
  for (const script of scripts) script.addEventListener("error", defineFonts, { once: true });
  const painted = afterLargestPaint();
  applyPageStylesheetsOnceLoaded(held, painted);
  void afterLargestPictureArrives().then(() => document.body.append(held));
  void painted.then(() => document.body.append(...scripts));
}
