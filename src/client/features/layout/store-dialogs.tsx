import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";

const TrackOrdersDialog = lazy(() => import("@client/features/tracking/track-orders-dialog"));
const ReviewDialog = lazy(() => import("@client/features/reviews/review-dialog"));

interface StoreDialogs {
  openTracking(): void;
  /**
   * Opens the three-step review dialog, optionally for one product (the product page's button), and
   * with the WhatsApp review link's token, which proves the order in place of its number.
   */
  openReview(productId?: number, reviewToken?: string): void;
}

const Ctx = createContext<StoreDialogs | null>(null);

export function useStoreDialogs(): StoreDialogs {
  const value = useContext(Ctx);
  if (!value) throw new Error("useStoreDialogs outside StoreDialogsProvider");
  return value;
}

/** The storefront's two global dialogs, opened from the navigation, the home page and product pages. */
export function StoreDialogsProvider({ children }: { children: ReactNode }) {
  const [tracking, setTracking] = useState(false);
  const [review, setReview] = useState<{ open: boolean; productId?: number; reviewToken?: string }>({ open: false });
  const api = useMemo<StoreDialogs>(
    () => ({
      openTracking: () => setTracking(true),
      openReview: (productId, reviewToken) => setReview({ open: true, productId, reviewToken }),
    }),
    [],
  );
  return (
    <Ctx.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {tracking && <TrackOrdersDialog open={tracking} onOpenChange={setTracking} />}
        {review.open && (
          <ReviewDialog
            open={review.open}
            productId={review.productId}
            reviewToken={review.reviewToken}
            onOpenChange={(open) => setReview((r) => ({ ...r, open }))}
          />
        )}
      </Suspense>
    </Ctx.Provider>
  );
}
