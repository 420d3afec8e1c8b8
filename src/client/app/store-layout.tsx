import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { useCartItems } from "@client/lib/cart/cart-api";
import { usePixelPageView } from "@client/lib/ads/meta-pixel";
import { ScrollRestoration } from "@client/features/layout/scroll-restoration";
import { SiteHeader } from "@client/features/layout/site-header";
import { useSiteSettings } from "@client/lib/settings-api";
import { useWishlist } from "@client/features/wishlist/wishlist-store";
import { useStoreDialogs } from "@client/lib/store-dialogs";
import { StoreDialogsProvider } from "./store-dialogs-provider";
import { PageHeadSync } from "./page-head-sync";

// The footer sits below every page's first screen: its code (icons, links) loads after the page.
const SiteFooter = lazy(() => import("@client/features/layout/site-footer").then((m) => ({ default: m.SiteFooter })));

/** The storefront frame: navigation, the page, the footer; the head kept in step with the page. */
export function StoreLayout() {
  return (
    <StoreDialogsProvider>
      <StoreFrame />
    </StoreDialogsProvider>
  );
}

function StoreFrame() {
  const settings = useSiteSettings();
  const dialogs = useStoreDialogs();
  const cart = useCartItems();
  const wishlist = useWishlist();
  usePixelPageView(useLocation().pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <PageHeadSync />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <SiteHeader
        siteName={settings.site_name}
        wishlistCount={wishlist.length}
        cartCount={cart.data?.length ?? 0}
        onTrackOrders={dialogs.openTracking}
        onWriteReview={() => dialogs.openReview()}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter siteName={settings.site_name} tagline={settings.site_tagline} delivery={settings.delivery} />
      </Suspense>
      {/* New pages start at the top; back and forward restore where the shopper was. */}
      <ScrollRestoration />
    </div>
  );
}
