import { z } from "zod";

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const uuidParam = z.object({ id: z.string().uuid("Unknown id") });

/** An image as the API returns it: stored once on the server, referenced by URL. */
export const imageRef = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Dominant colour of the image's edge, for the card background (spec: fallback #f9fafb). */
  edgeColor: z.string(),
});
export type ImageRef = z.infer<typeof imageRef>;

/** The client sends images back by id (or, in the spec's shape, as the whole object). */
export const imageIdInput = z
  .union([z.string().max(64), imageRef.pick({ id: true }).passthrough()])
  .transform((v) => (typeof v === "string" ? v : v.id));

/** At most 10 whole digits: the database keeps amounts as numeric(12, 2). */
export const moneyString = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount in rupees, like 2500")
  .regex(/^0*\d{1,10}(\.\d+)?$/, "That amount is too large; the most is Rs. 9,999,999,999.99");
export const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

// Kept zod-free in rules/images.ts so pages that only show images do not load zod.
export { imageVariantUrl, parseSelectedImage } from "../rules/images.js";
