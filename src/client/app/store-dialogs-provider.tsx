import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { StoreDialogsContext, type StoreDialogs } from "@client/lib/store-dialogs";

const TrackOrdersDialog = lazy(() => import("@client/features/tracking/track-orders-dialog"));
const ReviewDialog = lazy(() => import("@client/features/reviews/review-dialog"));

/** The storefront's two global dialogs, each its own chunk, loaded when first opened. */
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
    <StoreDialogsContext.Provider value={api}>
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
    </StoreDialogsContext.Provider>
  );
}
