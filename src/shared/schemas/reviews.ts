import { z } from "zod";
import { REVIEW_TEXT_MAX } from "../constants.js";
import { imageRef } from "./common.js";
import { orderNumberProof, reviewTokenProof } from "./order-proof.js";

export const review = z.object({
  id: z.number().int(),
  customerName: z.string(),
  rating: z.number().int(),
  reviewText: z.string(),
  images: z.array(imageRef),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const validateReviewInput = z.object({
  customerName: z
    .string({ message: "Please enter your name and phone number." })
    .trim()
    .min(1, "Please enter your name and phone number.")
    .max(200),
  customerPhone: z
    .string({ message: "Please enter your name and phone number." })
    .trim()
    .min(1, "Please enter your name and phone number.")
    .max(30),
  /** One of the two is needed (decision 013): the service says so when both are missing. */
  orderNumber: orderNumberProof,
  reviewToken: reviewTokenProof,
});

export const reviewableProduct = z.object({
  productId: z.number().int(),
  productName: z.string(),
  selectedImage: z.string().nullable(),
  size: z.string(),
  color: z.string(),
});
export const reviewValidation = z.object({
  hasOrders: z.boolean(),
  unreviewedOrders: z.array(
    z.object({ orderId: z.string(), orderDate: z.string(), products: z.array(reviewableProduct) }),
  ),
});
export type ReviewValidation = z.infer<typeof reviewValidation>;

/** The multipart 'reviewData' field. */
export const reviewInput = z.object({
  productId: z.coerce
    .number({ message: "Choose a product to review" })
    .int("Choose a product to review")
    .positive("Choose a product to review")
    .max(2_147_483_647, "Choose a product to review"),
  orderId: z.string().uuid("Choose an order to review"),
  customerName: validateReviewInput.shape.customerName,
  customerPhone: validateReviewInput.shape.customerPhone,
  orderNumber: orderNumberProof,
  reviewToken: reviewTokenProof,
  rating: z.coerce
    .number({ message: "Please select a star rating." })
    .int("Please select a star rating.")
    .min(1, "Please select a star rating.")
    .max(5, "Please select a star rating."),
  reviewText: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, "Review text can be at most 1000 characters")
    .optional()
    .nullable()
    .transform((v) => v ?? ""),
});
export type ReviewInput = z.input<typeof reviewInput>;
