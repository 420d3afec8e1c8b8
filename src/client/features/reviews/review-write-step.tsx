import { ArrowLeft, ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@client/lib/toast";
import { REVIEW_TEXT_MAX } from "@shared/constants.js";
import { Button } from "@client/components/ui/button";
import { Textarea } from "@client/components/ui/input";
import { checkReviewFiles } from "./review-files";
import type { ReviewTarget } from "./review-targets";
import { StarRatingInput } from "./stars";

interface Photo {
  file: File;
  preview: string;
}

/** Step 3: stars, optional words and up to five photos. */
export function WriteStep({
  target,
  pending,
  onBack,
  onSubmit,
}: {
  target: ReviewTarget;
  pending: boolean;
  onBack?: () => void;
  onSubmit(review: { rating: number; reviewText: string; images: File[] }): void;
}) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  // Preview URLs hold the file in memory until revoked.
  const latest = useRef(photos);
  latest.current = photos;
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const addFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length === 0) return;
    const check = checkReviewFiles(photos.length, files);
    if (!check.ok) {
      toast.error(check.title, { description: check.description });
      return;
    }
    setPhotos((current) => [...current, ...files.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };

  const removePhoto = (photo: Photo) => {
    URL.revokeObjectURL(photo.preview);
    setPhotos((current) => current.filter((p) => p !== photo));
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) {
          toast.error("Rating required", { description: "Please select a star rating." });
          return;
        }
        onSubmit({ rating, reviewText: text.trim(), images: photos.map((p) => p.file) });
      }}
    >
      <div className="rounded-xl bg-cream p-3 text-sm">
        <p className="font-medium">{target.product.productName}</p>
        <p className="text-xs text-muted">
          {[
            target.product.size && `Size: ${target.product.size}`,
            target.product.color && `Colour: ${target.product.color}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <StarRatingInput value={rating} onChange={setRating} />
      <div className="space-y-1.5">
        <label htmlFor="review-text" className="block text-sm font-medium">
          Your Review (optional)
        </label>
        <Textarea
          id="review-text"
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="What did you love? How was the fit and the fabric?"
          aria-describedby="review-text-count"
        />
        <p id="review-text-count" className="text-right text-xs text-muted">
          {text.length}/{REVIEW_TEXT_MAX}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">Photos (optional, up to 5)</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((p, i) => (
            <li key={p.preview} className="relative">
              <img
                src={p.preview}
                alt={`Photo ${i + 1}: ${p.file.name}`}
                width={72}
                height={72}
                className="h-18 w-18 rounded-lg object-cover ring-1 ring-ink/10"
              />
              <button
                type="button"
                onClick={() => removePhoto(p)}
                className="absolute -right-2 -top-2 rounded-full bg-ink p-1 text-cream shadow"
                aria-label={`Remove photo ${i + 1}`}
              >
                <X className="h-3 w-3" />
              </button>
            </li>
          ))}
          {photos.length < 5 && (
            <li>
              <label className="grid h-18 w-18 cursor-pointer place-items-center rounded-lg border-2 border-dashed border-ink/20 text-muted hover:border-ink/40 hover:text-ink focus-within:outline-2 focus-within:outline-rose">
                <ImagePlus className="h-6 w-6" aria-hidden />
                <span className="sr-only">Add photos</span>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/jpeg,image/jpg,image/png,image/webp"
                  multiple
                  className="sr-only"
                  onChange={(e) => addFiles(e.target.files)}
                />
              </label>
            </li>
          )}
        </ul>
        <p className="mt-1 text-xs text-muted">JPEG, PNG or WebP, up to 10 MB each.</p>
      </div>
      <div className="flex gap-2">
        {onBack && (
          <Button variant="outline" onClick={onBack} disabled={pending}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
        )}
        <Button type="submit" className="flex-1" disabled={pending}>
          {pending ? "Submitting..." : "Submit Review"}
        </Button>
      </div>
    </form>
  );
}
