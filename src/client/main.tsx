/**
 * The entry script: small, and all a page runs before the app (decision 050). A page the server
 * rendered is painted, its largest picture included, before anything of the app is fetched or
 * compiled: on a phone's slow line the picture has the line to itself, and on a busy CPU the
 * first frames have it. Then the page's scripts and their preloads, held inert in a template by
 * the server, are added, and the app (start.tsx) hydrates the page in place; taps on its buttons
 * meanwhile are kept and replayed then. A page the browser renders (admin) names the app's
 * script itself: there the app is the first paint.
 */
import { APP_STARTED, PAGE_SCRIPTS_TEMPLATE_ID } from "@shared/page-scripts.js";
import { afterLargestPaint } from "./lib/after-first-paint";
import { keepEarlyTaps } from "./lib/early-taps";
import "./styles.css";

window.addEventListener(APP_STARTED, keepEarlyTaps(), { once: true });

void afterLargestPaint().then(() => {
  const scripts = document.getElementById(PAGE_SCRIPTS_TEMPLATE_ID);
  // Copies, not the template's own elements: a script the parser put in a template never runs.
  if (scripts instanceof HTMLTemplateElement) document.body.append(document.importNode(scripts.content, true));
});
