import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, queryClient } from "./app/app";
import { preloadPage } from "./app/router";
import { seedPageData } from "./lib/page-data";
import "./styles.css";

seedPageData(queryClient);

/**
 * The server may have painted a static first frame of the page into #root (the largest picture
 * where the app will put it). React replaces it on its first commit, so that commit waits for the
 * page's code (preloaded with the HTML): the frame gives way to the page itself, never to an
 * empty screen.
 */
void preloadPage(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById("root")!);
  // A transition renders in slices, yielding to the browser between them: the first frame stays
  // responsive to taps and scrolling while the whole page is built behind it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
