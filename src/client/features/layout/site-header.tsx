import { Heart, Menu, MessageSquareHeart, Package, Search, ShoppingBag } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@client/lib/cn";
import { NavLinks } from "./nav-links";

export interface SiteHeaderProps {
  siteName: string;
  wishlistCount: number;
  cartCount: number;
  onTrackOrders: () => void;
  onWriteReview: () => void;
}

// The side menu (and the Radix dialog code under it) loads the first time it is opened.
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

const iconButton =
  "relative grid h-10 w-10 place-items-center rounded-full text-ink transition hover:bg-ink/5 hover:text-rose";

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-[#9a3f56] px-1 text-[11px] font-semibold leading-none text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/**
 * The storefront's sticky navigation bar, with the side menu on small screens. Nearly opaque and
 * unblurred: a backdrop blur is a filtered layer the compositor draws again at every frame under
 * the bar, work the first frame pays for (issue 44) for an effect a shopper barely sees.
 */
export function SiteHeader({ siteName, wishlistCount, cartCount, onTrackOrders, onWriteReview }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-ink/5 bg-cream/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <button
          type="button"
          className={cn(iconButton, "md:hidden")}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="h-5 w-5" aria-hidden />
        </button>
        <Link to="/" className="font-display text-2xl font-semibold tracking-tight sm:text-[1.7rem]">
          {siteName}
        </Link>
        <nav aria-label="Main" className="ml-10 hidden md:block">
          <NavLinks
            className="flex items-center gap-8 text-sm font-medium tracking-wide"
            linkClassName="py-2 transition-colors hover:text-rose"
          />
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <IconLink to="/search" label="Search">
            <Search className="h-5 w-5" aria-hidden />
          </IconLink>
          <WideIconButton label="Track Orders" onClick={onTrackOrders}>
            <Package className="h-5 w-5" aria-hidden />
          </WideIconButton>
          <WideIconButton label="Write a Review" onClick={onWriteReview}>
            <MessageSquareHeart className="h-5 w-5" aria-hidden />
          </WideIconButton>
          <IconLink to="/wishlist" label={`Wishlist, ${items(wishlistCount)}`}>
            <Heart className="h-5 w-5" aria-hidden />
            <CountBadge count={wishlistCount} />
          </IconLink>
          <IconLink to="/cart" label={`Cart, ${items(cartCount)}`}>
            <ShoppingBag className="h-5 w-5" aria-hidden />
            <CountBadge count={cartCount} />
          </IconLink>
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            siteName={siteName}
            onTrackOrders={onTrackOrders}
            onWriteReview={onWriteReview}
          />
        </Suspense>
      )}
    </header>
  );
}

function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={iconButton} aria-label={label} title={label.split(",")[0]}>
      {children}
    </Link>
  );
}

/** A header action shown as an icon from 640 px wide (the menu offers it on a phone). */
function WideIconButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={cn(iconButton, "hidden sm:grid")}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
