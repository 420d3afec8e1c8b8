import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { handleParam } from "@shared/schemas/product-publishing.js";
import { products } from "../../db/schema.js";
import type { z } from "zod";
import { MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import { phoneKey } from "@shared/rules/phone.js";
import { idParam } from "@shared/schemas/common.js";
import { reviewInput, validateReviewInput } from "@shared/schemas/reviews.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse, parseJsonField } from "../../lib/validate.js";
import {
  checkReviewRight,
  findUnreviewed,
  listReviews,
  ratingSummary,
  saveReview,
  type ReviewableOrder,
} from "./review-service.js";

function productId(params: unknown): number {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) throw new AppError("NOT_FOUND", "Product not found");
  return parsed.data.id;
}

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  // Verification lists what a name and phone bought: tight per phone, generous per client address.
  const perPhone = new Throttle(20, 10 * 60_000, "review checks for this phone number", app.throttleStore);
  const perIp = new Throttle(300, 10 * 60_000, "review checks from your network", app.throttleStore);
  // The WhatsApp review link's token is signed with the app secret; without WhatsApp there is none.
  const linkSecret = app.config.whatsapp?.appSecret;

  app.get("/api/reviews/product/:id", { config: { access: "public" } }, async (request) =>
    listReviews(app.db, productId(request.params)),
  );

  app.get("/api/reviews/product/:id/rating", { config: { access: "public" } }, async (request) =>
    ratingSummary(app.db, productId(request.params)),
  );

  // The product page reads its rating by its address, before it knows the product's id (decision 039).
  app.get("/api/reviews/product/by-handle/:handle/rating", { config: { access: "public" } }, async (request) => {
    const { handle } = parse(handleParam, request.params);
    const [row] = await app.db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
    if (!row) throw new AppError("NOT_FOUND", "Product not found");
    return ratingSummary(app.db, row.id);
  });

  app.post("/api/reviews/validate", { config: { access: "public" } }, async (request) => {
    const { customerName, customerPhone, orderNumber, reviewToken } = parse(validateReviewInput, request.body);
    await perIp.take(networkKey(request.ip));
    await perPhone.take(phoneKey(customerPhone));
    return findUnreviewed(app.db, customerName, customerPhone, { orderNumber, reviewToken, linkSecret });
  });

  // Submitting is throttled like checking (it answers the same question), and the review's data
  // and the caller's right are checked before any image is read: at most five images, each
  // read only for a caller who may post this review.
  app.post("/api/reviews", { config: { access: "public", upload: true } }, async (request, reply) => {
    let checked: { input: z.output<typeof reviewInput>; order: ReviewableOrder } | undefined;
    const check = async (fields: Record<string, string>) => {
      const input = parseJsonField(reviewInput, fields.reviewData, "reviewData");
      await perIp.take(networkKey(request.ip));
      await perPhone.take(phoneKey(input.customerPhone));
      checked = { input, order: await checkReviewRight(app.db, input, linkSecret) };
    };
    const form = await readMultipart(request, {
      limits: { files: MAX_IMAGES_PER_GROUP, fields: 2, parts: MAX_IMAGES_PER_GROUP + 2 },
      beforeFiles: check,
    });
    const images = filesOf(form, "images", MAX_IMAGES_PER_GROUP);
    const review = await saveReview(app.db, checked!.order, checked!.input, images);
    reply.status(201);
    return review;
  });
}
