import { MessageSquareHeart, Package } from "lucide-react";
import { Sheet } from "@client/components/ui/sheet";
import { NavLinks } from "./nav-links";
import { STORE_CONTACT } from "./store-contact";
import { useSiteSettings } from "@client/lib/settings-api";

/** The small-screen side menu: the links, Track Orders and Write a Review. */
export function MobileMenu({
  open,
  onOpenChange,
  siteName,
  onTrackOrders,
  onWriteReview,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteName: string;
  onTrackOrders: () => void;
  onWriteReview: () => void;
}) {
  const close = () => onOpenChange(false);
  const { delivery } = useSiteSettings();
  const action = "flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-base font-medium hover:bg-ink/5";
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={siteName}>
      <nav aria-label="Menu">
        <NavLinks
          className="space-y-1 font-display text-2xl"
          linkClassName="block rounded-xl px-3 py-2.5 hover:bg-ink/5"
          onNavigate={close}
        />
      </nav>
      <div className="mt-6 space-y-1 border-t border-ink/10 pt-6">
        <button
          type="button"
          className={action}
          onClick={() => {
            close();
            onTrackOrders();
          }}
        >
          <Package className="h-5 w-5 text-rose" aria-hidden /> Track Orders
        </button>
        <button
          type="button"
          className={action}
          onClick={() => {
            close();
            onWriteReview();
          }}
        >
          <MessageSquareHeart className="h-5 w-5 text-rose" aria-hidden /> Write a Review
        </button>
      </div>
      <p className="mt-8 px-3 text-sm text-muted">Cash on delivery across Pakistan · {delivery} · 7 day returns</p>
      <p className="mt-2 px-3 text-sm text-muted">{STORE_CONTACT.phone}</p>
    </Sheet>
  );
}
