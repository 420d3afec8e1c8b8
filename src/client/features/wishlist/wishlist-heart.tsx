import { Heart } from "lucide-react";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/cn";
import { toggleWishlist, useIsWishlisted } from "./wishlist-store";

/** The heart on cards and the product page: toggles the product and says so in a toast. */
export function WishlistHeart({ product, className }: { product: { id: number; name: string }; className?: string }) {
  const saved = useIsWishlisted(product.id);
  const toggle = () => {
    const added = toggleWishlist(product.id);
    if (added) toast.success("Added to Wishlist", { description: `${product.name} has been added to your wishlist.` });
    else
      toast.success("Removed from Wishlist", { description: `${product.name} has been removed from your wishlist.` });
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      className={cn(
        "grid h-10 w-10 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition hover:scale-105 hover:bg-white",
        className,
      )}
    >
      <Heart aria-hidden className={cn("h-5 w-5 transition-colors", saved && "fill-rose text-rose")} />
    </button>
  );
}
