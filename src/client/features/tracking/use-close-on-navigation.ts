import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Following a link out of the dialog (a product in an order) leaves the dialog behind. */
export function useCloseOnNavigation(onOpenChange: (open: boolean) => void): void {
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) onOpenChange(false);
  }, [pathname, onOpenChange]);
}
