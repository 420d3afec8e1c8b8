import type { FastifyInstance } from "fastify";
import { phoneKey } from "@shared/rules/phone.js";
import { idParam } from "@shared/schemas/common.js";
import { reviewInput, validateReviewInput } from "@shared/schemas/reviews.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { Throttle } from "../../lib/throttle.js";
import { parse, parseJsonField } from "../../lib/validate.js";
import { findUnreviewed, listReviews, ratingSummary, submitReview } from "./review-service.js";

function productId(params: unknown): number {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) throw new AppError("NOT_FOUND", "Product not found");
  return parsed.data.id;
}

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  // Verification lists what a name and phone bought: tight per phone, generous per client address.
  const perPhone = new Throttle(20, 10 * 60_000, "review checks for this phone number");
  const perIp = new Throttle(300, 10 * 60_000, "review checks from your network");

  app.get("/api/reviews/product/:id", async (request) => listReviews(app.db, productId(request.params)));

  app.get("/api/reviews/product/:id/rating", async (request) => ratingSummary(app.db, productId(request.params)));

  app.post("/api/reviews/validate", async (request) => {
    const { customerName, customerPhone } = parse(validateReviewInput, request.body);
    perIp.take(request.ip);
    perPhone.take(phoneKey(customerPhone));
    return findUnreviewed(app.db, customerName, customerPhone);
  });

  app.post("/api/reviews", async (request, reply) => {
    const form = await readMultipart(request);
    const input = parseJsonField(reviewInput, form.fields.reviewData, "reviewData");
    const images = filesOf(form, "images", 5);
    const review = await submitReview(app.db, input, images);
    reply.status(201);
    return review;
  });
}
