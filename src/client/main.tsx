import { StrictMode } from "react";
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
void preloadPage(window.location.pathname).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
