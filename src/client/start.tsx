import { hydrate, type DehydratedState } from "@tanstack/react-query";
import { startTransition, StrictMode, useLayoutEffect } from "react";
import { APP_STARTED } from "@shared/page-scripts.js";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, makeQueryClient } from "./app/app";
import { preloadPage } from "./app/router";
import { PAGE_STATE_ID } from "./lib/page-data";
import { applyPageStylesheets } from "./lib/page-stylesheet";

const queryClient = makeQueryClient();

/** The query cache the server rendered the page from (inlined once, as JSON), so hydration needs no API read. */
function readPageState(): DehydratedState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined; // the app fetches what it needs itself
  }
}

/**
 * Says once the app's first render has committed (a rendered page hydrated): main.tsx replays the
 * taps it kept. At the commit itself, not after the next paint as an effect would (decision 058):
 * every handler of the page is attached by then, and a tap kept meanwhile is answered a frame sooner.
 */
function Started() {
  useLayoutEffect(() => {
    performance.mark(APP_STARTED);
    window.dispatchEvent(new Event(APP_STARTED));
  }, []);
  return null;
}

const state = readPageState();
if (state) hydrate(queryClient, state);

/**
 * Storefront pages arrive rendered by the server from these same components: loaded once the
 * browser has painted the markup and its largest picture (main.tsx), the app hydrates them in
 * place. Admin pages arrive empty and render here.
 */
const container = document.getElementById("root")!;
const rendered = container.hasChildNodes();
// The whole stylesheet applies before any lazy chunk loads (lib/page-stylesheet.ts).
applyPageStylesheets();
void preloadPage(window.location.pathname).then(() => {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
      <Started />
    </StrictMode>
  );
  // A transition hydrates in slices, yielding to the browser between them: the page stays
  // responsive to taps and scrolling while React attaches to it.
  if (rendered) startTransition(() => void hydrateRoot(container, app));
  else startTransition(() => createRoot(container).render(app));
});
