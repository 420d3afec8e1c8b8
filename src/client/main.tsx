import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, queryClient } from "./app/app";
import { router } from "./app/router";
import { seedPageData } from "./lib/page-data";
import "./styles.css";

seedPageData(queryClient);

/**
 * The server may have painted a static first frame of the page into #root (the largest picture
 * where the app will put it). React replaces it on its first commit, so that commit waits for the
 * page's route module: the frame gives way to the page itself, never to an empty screen.
 */
function whenRouteLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void whenRouteLoaded().then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
