import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { loadSonner } from "@client/lib/toast";
import { whenIdle } from "@client/lib/when-idle";
import { AppRoutes } from "./router";

/** The spec's data-fetching defaults: no retries, no refetch on focus, no polling, never stale. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Mounts the toaster once the page has painted, so its code stays out of the first download. */
function LateToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position="top-center" richColors closeButton />
    </Suspense>
  ) : null;
}

/**
 * The app around a router: the browser's (BrowserRouter) or, on the server, a StaticRouter at the
 * requested URL (entry-server.tsx). Both render the same tree, so the server's HTML hydrates.
 */
export function AppFrame({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {router(<AppRoutes />)}
      <LateToaster />
    </QueryClientProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return <AppFrame queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
}
