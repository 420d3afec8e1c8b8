import { z } from "zod";
import { MAX_QUANTITY, MIN_QUANTITY } from "../rules/cart-line.js";
import { imageRef } from "./common.js";

export const sessionId = z.string().uuid("A cart session id must be a UUID");

const quantity = z.coerce
  .number({ message: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(MIN_QUANTITY, "Quantity must be at least 1")
  .max(MAX_QUANTITY, "Quantity can be at most 99");

export const addToCartInput = z.object({
  productId: z.coerce
    .number({ message: "Product not found" })
    .int("Product not found")
    .positive("Product not found")
    .max(2_147_483_647, "Product not found"),
  quantity: quantity.default(1),
  /** Empty means "not chosen": the server answers 'Please select a size' after checking the product exists (SPEC.md §5 order). */
  size: z.string().trim().max(50).default(""),
  color: z.string().trim().max(50).default(""),
  /** The variant chosen (issue 40); without it, the spec's `size` and `color` name it. */
  variantId: z.coerce
    .number({ message: "Choose one of the product's variants" })
    .int("Choose one of the product's variants")
    .positive("Choose one of the product's variants")
    .max(2_147_483_647, "Choose one of the product's variants")
    .optional(),
  /** The spec's JSON-encoded image string (or null). */
  selectedImage: z.string().max(2000).nullable().optional(),
  sessionId,
});
export type AddToCartInput = z.infer<typeof addToCartInput>;

export const updateCartInput = z.object({ quantity });

export const cartItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  size: z.string(),
  color: z.string(),
  /** Null for a line kept from before variants whose size or colour is no longer sold. */
  variantId: z.number().int().nullable().optional(),
  options: z.record(z.string(), z.string()).optional(),
  selectedImage: z.string().nullable(),
  sessionId: z.string(),
  product: z.object({
    name: z.string(),
    sku: z.string(),
    price: z.string(),
    images: z.array(imageRef),
  }),
});
export type CartItem = z.infer<typeof cartItem>;
