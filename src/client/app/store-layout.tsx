import { Outlet, ScrollRestoration } from "react-router";
import { StoreDialogsProvider } from "./dialogs";

/** Navigation, footer and the page (the storefront-browse work fills this in). */
export function StoreLayout() {
  return (
    <StoreDialogsProvider>
      <main id="main">
        <Outlet />
      </main>
      <ScrollRestoration />
    </StoreDialogsProvider>
  );
}
