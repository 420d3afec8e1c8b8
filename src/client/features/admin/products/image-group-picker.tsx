import { ImagePlus, X } from "lucide-react";
import { useState } from "react";
import { MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import { imageVariantUrl } from "@shared/rules/images.js";
import { checkImageFiles } from "@client/lib/admin/image-checks";
import type { DraftImage } from "./product-draft";

/** Up to five images with previews: add files (checked here first), remove any. */
export function ImageGroupPicker({
  id,
  label,
  images,
  onChange,
}: {
  id: string;
  label: string;
  images: DraftImage[];
  onChange: (images: DraftImage[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);

  const add = (files: File[]) => {
    const { accepted, error } = checkImageFiles(files, images.length);
    setError(error);
    if (accepted.length)
      onChange([
        ...images,
        ...accepted.map((file) => ({ kind: "new" as const, file, previewUrl: URL.createObjectURL(file) })),
      ]);
  };
  const remove = (index: number) => {
    const img = images[index];
    if (img?.kind === "new") URL.revokeObjectURL(img.previewUrl);
    setError(null);
    onChange(images.filter((_, i) => i !== index));
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        {label}{" "}
        <span className="font-normal text-muted">
          ({images.length}/{MAX_IMAGES_PER_GROUP})
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {images.map((img, i) => {
          const name = img.kind === "new" ? img.file.name : img.ref.filename;
          return (
            <div
              key={img.kind === "new" ? img.previewUrl : img.ref.id}
              className="group relative h-20 w-20 overflow-hidden rounded-lg bg-ink/5"
            >
              <img
                src={img.kind === "new" ? img.previewUrl : imageVariantUrl(img.ref, "thumb")}
                alt={`${label} ${i + 1}: ${name}`}
                width={80}
                height={80}
                className="h-full w-full object-cover"
              />
              <button
                type="button"
                onClick={() => remove(i)}
                aria-label={`Remove ${name}`}
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-ink shadow hover:bg-white"
              >
                <X className="h-3.5 w-3.5" />
              </button>
            </div>
          );
        })}
        {images.length < MAX_IMAGES_PER_GROUP && (
          <label
            htmlFor={id}
            className="flex h-20 w-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-ink/15 text-xs text-muted hover:border-rose hover:text-rose focus-within:outline-2 focus-within:outline-rose"
          >
            <ImagePlus className="h-5 w-5" aria-hidden />
            Add
            <input
              id={id}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-label={`Add ${label.toLowerCase()}`}
              className="sr-only"
              onChange={(e) => {
                add([...(e.target.files ?? [])]);
                e.target.value = "";
              }}
            />
          </label>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
