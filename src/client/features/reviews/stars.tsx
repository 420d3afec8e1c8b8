import { Star } from "lucide-react";
import { useState } from "react";
import { RATING_LABELS } from "@shared/rules/labels.js";
import { cn } from "@client/lib/cn";

/** Read-only stars (the rating is rounded to whole stars); the number itself is given to screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={cn("inline-flex gap-0.5", className)} role="img" aria-label={`${filled} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("h-4 w-4", n <= filled ? "fill-amber-400 text-amber-400" : "fill-transparent text-ink/20")}
        />
      ))}
    </span>
  );
}

/** The rating picker: five radio buttons drawn as stars, so arrows and screen readers work as for any radio group. */
export function StarRatingInput({ value, onChange }: { value: number; onChange(value: number): void }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset>
      <legend className="text-sm font-medium">Your Rating</legend>
      <div className="mt-2 flex items-center gap-3">
        <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {RATING_LABELS.map((label, i) => {
            const n = i + 1;
            return (
              <label key={label} className="relative cursor-pointer" onMouseEnter={() => setHover(n)}>
                <input
                  type="radio"
                  name="review-rating"
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  aria-label={`${n} ${n === 1 ? "star" : "stars"}: ${label}`}
                  className="peer absolute inset-0 cursor-pointer opacity-0"
                />
                <Star
                  aria-hidden
                  className={cn(
                    "h-9 w-9 rounded-md transition-transform peer-focus-visible:outline-2 peer-focus-visible:outline-rose peer-hover:scale-110",
                    n <= shown ? "fill-amber-400 text-amber-400" : "fill-transparent text-ink/25",
                  )}
                />
              </label>
            );
          })}
        </div>
        <span className="text-sm font-medium text-muted" aria-hidden>
          {shown ? RATING_LABELS[shown - 1] : ""}
        </span>
      </div>
    </fieldset>
  );
}
