import { createBrowserRouter } from "react-router";
import { StoreLayout } from "./store-layout";

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Two route trees: the storefront (shopper pages, each its own lazy chunk) and the admin, whose
 * code is only downloaded when /admin or /settings is opened.
 */
export const router = createBrowserRouter([
  {
    element: <StoreLayout />,
    children: [
      { path: "/", lazy: page(() => import("./routes/home")) },
      { path: "/shop", lazy: page(() => import("./routes/shop")) },
      { path: "/collection/:category", lazy: page(() => import("./routes/collection")) },
      { path: "/product/:id", lazy: page(() => import("./routes/product")) },
      { path: "/search", lazy: page(() => import("./routes/search")) },
      { path: "/cart", lazy: page(() => import("./routes/cart")) },
      { path: "/checkout", lazy: page(() => import("./routes/checkout")) },
      { path: "/wishlist", lazy: page(() => import("./routes/wishlist")) },
      { path: "*", lazy: page(() => import("./routes/not-found")) },
    ],
  },
  { path: "/admin/*", lazy: page(() => import("./admin/admin-route")) },
  { path: "/settings", lazy: page(() => import("./admin/settings-route")) },
]);
