-- Return photos are private (issue 22, L5): served to staff only, never cached by a shared cache.
ALTER TABLE "images" ADD COLUMN "private" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The photos of return requests made before this version, unless the same bytes are also used in
-- public (a product, colour variant, review, setting, cart or order line), which stay public.
UPDATE "images" i SET "private" = true
WHERE EXISTS (SELECT 1 FROM "return_requests" r WHERE r."photos" ? i."id"::text)
  AND NOT EXISTS (
    SELECT 1 FROM "products" p
    WHERE p."images" ? i."id"::text OR position(i."id"::text IN p."color_variant_images"::text) > 0)
  AND NOT EXISTS (SELECT 1 FROM "reviews" v WHERE v."images" ? i."id"::text)
  AND NOT EXISTS (SELECT 1 FROM "settings" s WHERE position(i."id"::text IN s."value"::text) > 0)
  AND NOT EXISTS (SELECT 1 FROM "cart_items" c WHERE position(i."id"::text IN c."selected_image") > 0)
  AND NOT EXISTS (SELECT 1 FROM "order_items" o WHERE position(i."id"::text IN o."selected_image") > 0);
