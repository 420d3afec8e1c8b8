import { z } from "zod";
import { HANDLE_MAX, HANDLE_MESSAGE, HANDLE_PATTERN, PRODUCT_STATUSES } from "../catalogue/handles.js";

/** A product's status (decision 039). */
export const productStatus = z.enum(PRODUCT_STATUSES, {
  message: `Status must be one of ${PRODUCT_STATUSES.join(", ")}`,
});

/** A handle as the owner types it: blank means "make one from the name". */
export const handleInput = z
  .string()
  .trim()
  .max(HANDLE_MAX, `A handle is at most ${HANDLE_MAX} characters`)
  .refine((v) => v === "" || HANDLE_PATTERN.test(v), HANDLE_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A launch time: any ISO 8601 time with its offset (or Z); null or blank clears it. */
export const publishAtInput = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v === "" ? null : v))
  .refine((v) => v == null || (/[zZ]|[+-]\d\d:?\d\d$/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: "The launch time must be a date and time with its zone, like 2026-12-01T20:00:00+05:00",
  })
  .transform((v) => (v == null ? v : new Date(v).toISOString()));

/** GET /api/products/by-handle/{handle}. */
export const handleParam = z.object({ handle: z.string().max(200) });
