import { MessageSquareText } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { Review } from "@shared/schemas/reviews.js";
import { Button } from "@client/components/ui/button";
import { ThumbnailButton } from "@client/components/ui/image-lightbox";
import { Skeleton } from "@client/components/ui/skeleton";
import { useStoreDialogs } from "@client/lib/store-dialogs";
import { Stars } from "./stars";
import { useProductRating, useProductReviews } from "./reviews-api";

const dateFormat = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "long", year: "numeric" });

/** The product page's reviews: average and count, then every review with its photos. */
export default function ProductReviews({ productId }: { productId: number }) {
  const reviews = useProductReviews(productId);
  const rating = useProductRating(productId);
  const { openReview } = useStoreDialogs();
  // The WhatsApp review link (`/product/{id}?review=…`, moved to the product's handle) opens the dialog with its token.
  const [search] = useSearchParams();
  const linkToken = search.get("review");
  useEffect(() => {
    if (linkToken) openReview(productId, linkToken);
  }, [linkToken, productId, openReview]);
  const average = Number(rating.data?.averageRating ?? 0) || 0;
  const total = rating.data?.totalReviews ?? reviews.data?.length ?? 0;

  return (
    <section aria-labelledby="reviews-title" className="mt-12 border-t border-ink/10 pt-10">
      <h2 id="reviews-title" className="font-display text-2xl font-semibold sm:text-3xl">
        Customer Reviews
      </h2>
      {rating.isPending ? (
        <Skeleton className="mt-4 h-16 w-64" />
      ) : total > 0 ? (
        <div className="mt-4 flex items-center gap-4">
          <span className="font-display text-5xl font-semibold">{average.toFixed(1)}</span>
          <div>
            <Stars rating={average} className="[&_svg]:h-5 [&_svg]:w-5" />
            <p className="mt-1 text-sm text-muted">
              Based on {total} {total === 1 ? "review" : "reviews"}
            </p>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-muted">No reviews yet. Be the first to review!</p>
      )}

      <div className="mt-8">
        {reviews.isPending ? (
          <div className="space-y-4">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : reviews.isError ? (
          <p className="text-sm text-muted">Reviews could not be loaded right now.</p>
        ) : reviews.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center ring-1 ring-ink/5">
            <MessageSquareText className="h-8 w-8 text-muted" aria-hidden />
            <p className="mt-3 font-medium">No reviews yet</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => openReview(productId)}>
              Be the first to review
            </Button>
          </div>
        ) : (
          <ul className="space-y-4">
            {reviews.data.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span className="grid h-10 w-10 place-items-center rounded-full bg-sand/50 font-semibold" aria-hidden>
            {review.customerName.trim().charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-semibold">{review.customerName}</p>
            <Stars rating={review.rating} />
          </div>
        </div>
        <time dateTime={review.createdAt} className="text-sm text-muted">
          {dateFormat.format(new Date(review.createdAt))}
        </time>
      </div>
      {review.reviewText && <p className="mt-3 whitespace-pre-line leading-relaxed">{review.reviewText}</p>}
      {review.images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Review photos">
          {review.images.map((img, i) => (
            <li key={img.id}>
              <ThumbnailButton
                image={img}
                alt={`Photo ${i + 1} from ${review.customerName}'s review`}
                label={`Enlarge photo ${i + 1} from ${review.customerName}'s review`}
                width={80}
                height={80}
                className="rounded-lg ring-1 ring-ink/10"
                imgClassName="h-20 w-20"
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
