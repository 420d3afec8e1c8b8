/**
 * Products API.
 *
 * POST /api/products and PUT /api/products/:id take a multipart form (or a JSON body holding
 * just the productData):
 *   productData              JSON of productInput (@shared/schemas/products); its `images` and
 *                            `colorVariantImages` list the already stored images to keep, by id
 *                            or as image objects
 *   images                   repeated files: new default images (JPEG/PNG/WebP, ≤ 10 MB)
 *   colorImages[<colour>]    repeated files: new variant images of that colour (one of `colors`)
 *   colorVariantImages       PUT, optional JSON {colour: [image ids or objects]}: images to keep
 *   colorVariantStock        PUT, optional JSON {colour: boolean}
 *   replaceImages            PUT, 'true': keep only the images named in the form. Otherwise a
 *                            group that the form does not name keeps its current images.
 * New files are appended after the kept images; each group holds at most 5.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { idParam } from "@shared/schemas/common.js";
import { cardOf } from "@shared/catalogue/cards.js";
import { productListQuery } from "@shared/schemas/products.js";
import { notFound } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { productFacets } from "./facet-queries.js";
import { readProductForm } from "./product-form.js";
import { getProduct, getProductByHandle, homeProducts, listProducts, type Audience } from "./product-queries.js";
import { handleParam } from "@shared/schemas/product-publishing.js";
import { readAdmin } from "../auth/index.js";
import { registerLaunches } from "./product-launches.js";
import { createProduct, deleteProduct, updateProduct } from "./product-service.js";
import { recordChange } from "../audit/index.js";

export async function productsRoutes(app: FastifyInstance): Promise<void> {
  registerLaunches(app);
  // Staff see drafts and archived products where shoppers see only those on sale (decision 039).
  const audienceOf = async (request: FastifyRequest): Promise<Audience> =>
    (await readAdmin(app, request)) ? "staff" : "shopper";

  app.get("/api/products", { config: { access: "public" } }, async (request) => {
    const query = parse(productListQuery, request.query);
    const found = await listProducts(app.db, query, await audienceOf(request));
    if (query.view !== "card") return found;
    return Array.isArray(found) ? found.map(cardOf) : { ...found, products: found.products.map(cardOf) };
  });

  app.get("/api/products/facets", { config: { access: "public" } }, async (request) =>
    productFacets(app.db, parse(productListQuery, request.query)),
  );

  app.get("/api/products/by-handle/:handle", { config: { access: "public" } }, async (request) => {
    const { handle } = parse(handleParam, request.params);
    const product = await getProductByHandle(app.db, handle, await audienceOf(request));
    if (!product) throw notFound("Product");
    return product;
  });

  app.get("/api/products/home", { config: { access: "public" } }, async () => homeProducts(app.db));

  app.get("/api/products/:id", { config: { access: "public" } }, async (request) => {
    // An id that cannot exist ('abc', -1) is as missing as one that does not.
    const params = idParam.safeParse(request.params);
    const product = params.success ? await getProduct(app.db, params.data.id, await audienceOf(request)) : null;
    if (!product) throw notFound("Product");
    return product;
  });

  app.post("/api/products", { config: { access: "owner", auditsItself: true } }, async (request, reply) => {
    const form = await readProductForm(request);
    const product = await createProduct(app.db, form);
    await recordChange(app.db, request, {
      action: "product.create",
      entity: "product",
      entityId: product.id,
      before: null,
      after: product,
    });
    return reply.status(201).send(product);
  });

  app.put("/api/products/:id", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await getProduct(app.db, id);
    const product = await updateProduct(app.db, id, await readProductForm(request));
    await recordChange(app.db, request, {
      action: "product.update",
      entity: "product",
      entityId: id,
      before,
      after: product,
    });
    return product;
  });

  app.delete("/api/products/:id", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const before = await getProduct(app.db, id);
    await deleteProduct(app.db, id);
    await recordChange(app.db, request, {
      action: "product.delete",
      entity: "product",
      entityId: id,
      before,
      after: null,
    });
    return { success: true, id };
  });
}
