import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import { MESSAGES } from "@shared/errors.js";

export interface ImageCheck {
  accepted: File[];
  /** The inline message to show, when any file was refused. */
  error: string | null;
}

/**
 * The admin's upload rule (SPEC §5): JPEG, PNG or WebP under 10MB, at most 5 per group.
 * A quick check for the person; the server decodes every file and checks again.
 */
export function checkImageFiles(files: File[], alreadyInGroup: number): ImageCheck {
  const bad = files.find((f) => !(IMAGE_TYPES as readonly string[]).includes(f.type) || f.size > MAX_IMAGE_BYTES);
  if (bad) return { accepted: [], error: MESSAGES.invalidImage(bad.name) };
  if (alreadyInGroup + files.length > MAX_IMAGES_PER_GROUP) return { accepted: [], error: MESSAGES.tooManyImages };
  return { accepted: files, error: null };
}
