import { z } from "zod";
import { slugify } from "../rules/labels.js";
import { trimmed } from "./common.js";

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Its page: /collections/{handle}; the same as the slug (decision 039). */
  handle: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof category>;

export const categoryInput = z.object({
  name: trimmed(100).min(1, "Category name is required"),
  slug: trimmed(100)
    .transform(slugify)
    .pipe(
      z
        .string()
        .min(1, "Slug is required")
        .regex(/^[a-z0-9-]+$/, "Slug may hold only letters, digits and hyphens"),
    ),
  description: trimmed(1000).default(""),
});
export type CategoryInput = z.infer<typeof categoryInput>;
