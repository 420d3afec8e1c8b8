import { eq, sql } from "drizzle-orm";
import { ADMIN_IMAGE_MAX_PX, MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import { MESSAGES } from "@shared/errors.js";
import type { Product } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { AppError, badRequest, notFound } from "../../lib/app-error.js";
import { checkProductAttributes } from "../attributes/index.js";
import { findCategoryFor } from "../categories/index.js";
import { findImageRefs, storeImages, type Upload } from "../images/index.js";
import { loadVariants, refreshProductPrice, saveVariants } from "../catalogue/index.js";
import { loadStock, lockProductStock, saveStock } from "../stock/index.js";
import type { ProductForm } from "./product-form.js";
import { planVariants, type SavedVariants, type VariantPlan } from "./product-variants.js";
import { findProductRow, getProduct } from "./product-queries.js";
import type { ProductRow } from "./product-serialize.js";
import { chooseHandle, handleTaken, recordHandleChange } from "./product-handles.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { ProductStatus } from "@shared/catalogue/handles.js";

/** Status and launch time as saved: a launch time belongs to a draft only (decision 039). */
function publishingOf(form: ProductForm, old: ProductRow | null): { status: ProductStatus; publishAt: string | null } {
  const { input } = form;
  const publishAt = input.publishAt === undefined ? (old?.publishAt ?? null) : input.publishAt;
  const status = input.status ?? old?.status ?? (input.publishAt ? "draft" : "active");
  return { status, publishAt: status === "draft" ? publishAt : null };
}

/** A handle taken by a concurrent save surfaces as the field's message, not a 500. */
async function savingHandle<T>(handle: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken(handle);
    throw err;
  }
}

interface ImagePlan {
  images: string[];
  colorVariantImages: Record<string, string[]>;
}

/** Ids the form asks to keep, without unknown ids or repeats. */
async function existingIds(db: Db, ids: string[]): Promise<string[]> {
  const known = await findImageRefs(db, ids);
  return [...new Set(ids.filter((id) => known.has(id)))];
}

/**
 * Works out every image group (kept ids plus new files), checks the limits, and only then stores
 * the files: all of them in one storeImages call, so one bad file stores nothing.
 */
async function planImages(db: Db, form: ProductForm, colors: string[], previous: ImagePlan | null): Promise<ImagePlan> {
  for (const color of form.uploads.byColor.keys()) {
    if (!colors.includes(color))
      throw badRequest(`Images were sent for the colour "${color}", which is not one of this product's colours`);
  }
  const keepAll = !form.replaceImages && previous;
  const keptDefault = form.input.images ?? (keepAll ? previous.images : []);
  const keptByColor = form.colorVariantImages ?? (keepAll ? previous.colorVariantImages : {});

  const groups: { key: string | null; kept: string[]; uploads: Upload[] }[] = [
    { key: null, kept: await existingIds(db, keptDefault), uploads: form.uploads.images },
  ];
  for (const color of colors) {
    const kept = await existingIds(db, keptByColor[color] ?? []);
    groups.push({ key: color, kept, uploads: form.uploads.byColor.get(color) ?? [] });
  }
  if (groups.some((g) => g.kept.length + g.uploads.length > MAX_IMAGES_PER_GROUP)) {
    throw new AppError("VALIDATION", MESSAGES.tooManyImages);
  }

  const stored = await storeImages(
    db,
    groups.flatMap((g) => g.uploads),
    ADMIN_IMAGE_MAX_PX,
  );
  const plan: ImagePlan = { images: [], colorVariantImages: {} };
  let next = 0;
  for (const group of groups) {
    const ids = [...group.kept, ...stored.slice(next, next + group.uploads.length).map((r) => r.id)];
    next += group.uploads.length;
    if (group.key === null) plan.images = [...new Set(ids)];
    else if (ids.length > 0) plan.colorVariantImages[group.key] = [...new Set(ids)];
  }
  return plan;
}

/** Every colour gets a stock flag: the one sent, else the one it had, else in stock. Other keys are dropped. */
function stockFor(colors: string[], given: Record<string, boolean> | undefined, previous: Record<string, boolean>) {
  return Object.fromEntries(colors.map((c) => [c, given?.[c] ?? previous[c] ?? true]));
}

async function categorySlug(db: Db, name: string): Promise<string> {
  const category = await findCategoryFor(db, name);
  if (!category) {
    const message = `The category "${name}" does not exist; create it first`;
    throw badRequest(message, { category: message });
  }
  return category.slug;
}

function columnsOf(
  form: ProductForm,
  category: string,
  plan: ImagePlan,
  previousStock: Record<string, boolean>,
  variants: VariantPlan,
) {
  const { input } = form;
  const colors = variants.colors;
  // The cheapest available variant's, set again once the variants and their stock are saved.
  const cheapest = [...variants.variants].sort((a, b) => Number(a.price) - Number(b.price))[0];
  return {
    name: input.name,
    sku: input.sku,
    description: input.description,
    price: input.price ?? cheapest?.price ?? "0",
    originalPrice: input.price !== undefined ? input.originalPrice : (cheapest?.originalPrice ?? null),
    category,
    options: variants.options,
    sizes: variants.sizes,
    colors,
    inStock: input.inStock === 1,
    featured: input.featured === 1,
    images: plan.images,
    colorVariantImages: plan.colorVariantImages,
    colorVariantStock: stockFor(colors, form.colorVariantStock, previousStock),
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Writes the planned variants and their counts, then the product's price from them (decision
 * 038). Counts not named are kept for the variants that stay (new ones start at 0) while the
 * product counts stock: read here, after the caller locked them, so a sale a moment before is
 * not undone.
 */
async function writeVariants(tx: Tx, id: number, variants: VariantPlan, trackedBefore: boolean): Promise<void> {
  const before = trackedBefore ? ((await loadStock(tx as unknown as Db, [id])).get(id) ?? []) : [];
  const saved = await saveVariants(tx, id, variants.options, variants.variants);
  const counts =
    variants.stock !== undefined
      ? variants.stock
      : trackedBefore
        ? saved.map((v) => before.find((s) => s.variantId === v.id)?.quantity ?? 0)
        : undefined;
  if (counts !== undefined)
    await saveStock(
      tx,
      id,
      counts === null ? null : saved.map((variant, i) => ({ variant, quantity: counts[i] ?? 0 })),
    );
  await refreshProductPrice(tx, id);
}

export async function createProduct(db: Db, form: ProductForm): Promise<Product> {
  const category = await categorySlug(db, form.input.category);
  const attributes = await checkProductAttributes(db, form.input.attributes ?? {});
  const variants = await planVariants(db, null, form.input, null);
  const plan = await planImages(db, form, variants.colors, null);
  const handle = await chooseHandle(db, form.input.handle, form.input.name, null);
  const values = { ...columnsOf(form, category, plan, {}, variants), attributes, handle, ...publishingOf(form, null) };
  const id = await savingHandle(handle, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      await writeVariants(tx, row.id, variants, false);
      await recordHandleChange(tx, row.id, null, handle);
      return row.id;
    }),
  );
  return (await getProduct(db, id))!;
}

export async function updateProduct(db: Db, id: number, form: ProductForm): Promise<Product> {
  const old: ProductRow | null = await findProductRow(db, id);
  if (!old) throw notFound("Product");
  const category = await categorySlug(db, form.input.category);
  // Not named: the product keeps the attributes it has.
  const attributes = form.input.attributes && (await checkProductAttributes(db, form.input.attributes));
  const saved: SavedVariants = { options: old.options, variants: (await loadVariants(db, [id])).get(id) ?? [] };
  const variants = await planVariants(db, id, form.input, saved);
  const plan = await planImages(db, form, variants.colors, old);
  const handle = form.input.handle ?? old.handle;
  if (handle !== old.handle) await chooseHandle(db, handle, form.input.name, id);
  const values = {
    ...columnsOf(form, category, plan, old.colorVariantStock, variants),
    ...(attributes ? { attributes } : {}),
    handle,
    ...publishingOf(form, old),
    updatedAt: sql`now()`,
  };
  // Not named: a tracked product keeps its counts, for the variants it keeps.
  const row = await savingHandle(handle, () =>
    db.transaction(async (tx) => {
      // The stock rows before the product row, as a sale takes them (decision 049).
      await lockProductStock(tx, [id]);
      const [updated] = await tx.update(products).set(values).where(eq(products.id, id)).returning({ id: products.id });
      if (updated) await writeVariants(tx, id, variants, old.trackStock);
      if (updated) await recordHandleChange(tx, id, old.handle, handle);
      return updated;
    }),
  );
  if (!row) throw notFound("Product");
  return (await getProduct(db, id))!;
}

/**
 * Images stay: orders and reviews may still show them. Cart lines, variants and stock go with the
 * product, its stock rows locked first, as a sale takes them (decision 049).
 */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    await lockProductStock(tx, [id]);
    return tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  });
  if (deleted.length === 0) throw notFound("Product");
}
