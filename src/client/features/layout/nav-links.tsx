import type { MouseEvent, ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "@client/lib/cn";

export const COLLECTIONS_ID = "featured-collections";

/** Scrolls to the home page's featured collections when already there; otherwise a normal link. */
export function CollectionsLink({
  className,
  onNavigate,
  children = "Collections",
}: {
  className?: string;
  onNavigate?: () => void;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  const onClick = (e: MouseEvent) => {
    onNavigate?.();
    const section = pathname === "/" ? document.getElementById(COLLECTIONS_ID) : null;
    if (!section) return;
    e.preventDefault();
    section.scrollIntoView({
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  };
  return (
    <Link to={`/#${COLLECTIONS_ID}`} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}

/** Home, Shop, Collections: the navigation bar, the side menu and the footer share them. */
export function NavLinks({
  className,
  linkClassName,
  activeClassName = "text-[#9a3f56]",
  onNavigate,
}: {
  className?: string;
  linkClassName?: string;
  /** The current page's link; the footer (light on dark) passes its own. */
  activeClassName?: string;
  onNavigate?: () => void;
}) {
  const item = ({ isActive }: { isActive: boolean }) => cn(linkClassName, isActive && activeClassName);
  return (
    <ul className={className}>
      <li>
        <NavLink to="/" end className={item} onClick={onNavigate}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/shop" className={item} onClick={onNavigate}>
          Shop
        </NavLink>
      </li>
      <li>
        <CollectionsLink className={linkClassName} onNavigate={onNavigate} />
      </li>
    </ul>
  );
}
