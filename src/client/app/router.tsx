import { lazy, Suspense, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { ADMIN_ROUTES, matchRoute, NOT_FOUND_ROUTE, STORE_ROUTES, type RouteDef } from "./route-table";
import { StoreLayout } from "./store-layout";

interface Page {
  path: string;
  /** Loads the page's code; once it has, the page renders without suspending. */
  preload: () => Promise<void>;
  Component: ComponentType;
}

/** Every route component, loaded on demand (each its own chunk), by the module path the route table names. */
const MODULES = import.meta.glob<{ default: ComponentType }>(["./routes/*.tsx", "./admin/*-route.tsx"]);

function page({ path, module }: RouteDef): Page {
  const load = MODULES[module.replace(/^app\//, "./")];
  if (!load) throw new Error(`No route component at src/client/${module}`);
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  const Lazy = lazy(load);
  // A page whose code has not loaded yet (opened by a link from a page of another kind) shows once it has.
  const Component = () => {
    const Loaded = loaded;
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
  return { path, preload, Component };
}

/**
 * Two route trees from the one route table (route-table.ts): the storefront (shopper pages, each
 * its own lazy chunk, rendered on the server too) and the admin, whose code is only downloaded
 * when /admin or /settings is opened. Declarative routes: the app needs no loaders or actions.
 */
const PAGES = new Map<RouteDef, Page>([...STORE_ROUTES, NOT_FOUND_ROUTE, ...ADMIN_ROUTES].map((r) => [r, page(r)]));
const STORE_PAGES = [...STORE_ROUTES, NOT_FOUND_ROUTE].map((r) => PAGES.get(r)!);
const ADMIN_PAGES = ADMIN_ROUTES.map((r) => PAGES.get(r)!);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        {STORE_PAGES.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
      {ADMIN_PAGES.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
    </Routes>
  );
}

/** Loads the code of the page at a path (before the first render, so it renders, or hydrates, at once). */
export function preloadPage(pathname: string): Promise<void> {
  return PAGES.get(matchRoute(pathname).route)!
    .preload()
    .catch(() => undefined);
}
