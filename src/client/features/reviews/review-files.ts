import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_GROUP } from "@shared/constants.js";

export type FileCheck = { ok: true } | { ok: false; title: string; description: string };

const EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Review photos: at most 5 in all, JPEG/PNG/WebP, 10 MB each (the server decodes them again). */
export function checkReviewFiles(
  alreadyChosen: number,
  files: readonly Pick<File, "name" | "type" | "size">[],
): FileCheck {
  if (alreadyChosen + files.length > MAX_IMAGES_PER_GROUP) {
    return { ok: false, title: "Too many images", description: "You can upload up to 5 images only." };
  }
  const bad = files.find(
    (f) =>
      !((IMAGE_TYPES as readonly string[]).includes(f.type) || (!f.type && EXTENSIONS.test(f.name))) ||
      f.size > MAX_IMAGE_BYTES,
  );
  if (bad) {
    return {
      ok: false,
      title: "Invalid file",
      description: `${bad.name}: only JPEG, PNG and WebP images up to 10 MB can be uploaded.`,
    };
  }
  return { ok: true };
}
