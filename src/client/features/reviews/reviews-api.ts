import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlacedOrder } from "@shared/schemas/orders.js";
import type { Review, ReviewInput, ReviewValidation } from "@shared/schemas/reviews.js";
import { api } from "@client/lib/api";
import { myOrdersKey, queries, reviewKeys as catalogueReviewKeys, type RatingSummary } from "@client/lib/queries";
import { cartSessionId } from "@client/lib/storage";

export type { RatingSummary };

export const reviewKeys = {
  ...catalogueReviewKeys,
  myOrders: myOrdersKey,
};

export function useProductReviews(productId: number) {
  return useQuery({
    queryKey: reviewKeys.product(productId),
    queryFn: () => api<Review[]>(`/api/reviews/product/${productId}`),
  });
}

export function useProductRating(productId: number) {
  return useQuery(queries.rating(productId));
}

/** The orders placed from this browser (the review prompt looks for a delivered one). */
export function useMyOrders() {
  return useQuery({
    queryKey: reviewKeys.myOrders,
    queryFn: () => api<PlacedOrder[]>("/api/orders/mine", { headers: { "X-Session-Id": cartSessionId() } }),
  });
}

/** Step 1's answers: name and phone, and the order number or the WhatsApp link's token (decision 013). */
export interface ReviewerProof {
  customerName: string;
  customerPhone: string;
  orderNumber?: string;
  reviewToken?: string;
}

export function useValidateReviewer() {
  return useMutation({
    mutationFn: (who: ReviewerProof) => api<ReviewValidation>("/api/reviews/validate", { method: "POST", json: who }),
  });
}

export function useSubmitReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ review, images }: { review: ReviewInput; images: readonly File[] }) => {
      const form = new FormData();
      form.append("reviewData", JSON.stringify(review));
      for (const image of images) form.append("images", image, image.name);
      return api<Review>("/api/reviews", { method: "POST", form });
    },
    onSuccess: (_review, { review }) =>
      qc.invalidateQueries({ queryKey: reviewKeys.product(Number(review.productId)) }),
  });
}
