import type { FastifyRequest } from "fastify";
import { MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import { MESSAGES } from "@shared/errors.js";
import { colorOfImageField, PRODUCT_FORM, productInput, type ProductInput } from "@shared/schemas/products.js";
import { AppError, badRequest } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";
import { parse, parseJsonField } from "../../lib/validate.js";
import type { Upload } from "../images/index.js";

/** What the admin's product form asks for, read from a multipart form or a JSON body. */
export interface ProductForm {
  input: ProductInput;
  /** 'true' on PUT: the kept images are exactly the ones named in the form. */
  replaceImages: boolean;
  colorVariantImages?: Record<string, string[]>;
  colorVariantStock?: Record<string, boolean>;
  uploads: { images: Upload[]; byColor: Map<string, Upload[]> };
}

const variantImagesSchema = productInput.shape.colorVariantImages.unwrap();
const variantStockSchema = productInput.shape.colorVariantStock.unwrap();

export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  if (!request.isMultipart()) return fromJson(request.body);
  const form = await readMultipart(request);
  const input = parseJsonField(productInput, form.fields[PRODUCT_FORM.data], PRODUCT_FORM.data);
  const given = (field: string) => form.fields[field] !== undefined && form.fields[field] !== "";

  const uploads: ProductForm["uploads"] = { images: [], byColor: new Map() };
  for (const file of form.files) {
    const upload = { filename: file.filename, bytes: file.bytes };
    if (file.fieldname === PRODUCT_FORM.images) {
      uploads.images.push(upload);
      continue;
    }
    const color = colorOfImageField(file.fieldname);
    if (color === null)
      throw badRequest(`Unexpected file field '${file.fieldname}'; use 'images' or 'colorImages[<colour>]'`);
    uploads.byColor.set(color, [...(uploads.byColor.get(color) ?? []), upload]);
  }
  for (const group of [uploads.images, ...uploads.byColor.values()]) {
    if (group.length > MAX_IMAGES_PER_GROUP) throw new AppError("VALIDATION", MESSAGES.tooManyImages);
  }
  return {
    input,
    replaceImages: form.fields[PRODUCT_FORM.replaceImages] === "true",
    colorVariantImages: given(PRODUCT_FORM.colorVariantImages)
      ? parseJsonField(
          variantImagesSchema,
          form.fields[PRODUCT_FORM.colorVariantImages],
          PRODUCT_FORM.colorVariantImages,
        )
      : input.colorVariantImages,
    colorVariantStock: given(PRODUCT_FORM.colorVariantStock)
      ? parseJsonField(variantStockSchema, form.fields[PRODUCT_FORM.colorVariantStock], PRODUCT_FORM.colorVariantStock)
      : input.colorVariantStock,
    uploads,
  };
}

/** A JSON body is the productData itself (no new files): handy for scripts and quick edits. */
function fromJson(body: unknown): ProductForm {
  const input = parse(productInput, body);
  const replace = (body as { replaceImages?: unknown } | null)?.replaceImages;
  return {
    input,
    replaceImages: replace === true || replace === "true",
    colorVariantImages: input.colorVariantImages,
    colorVariantStock: input.colorVariantStock,
    uploads: { images: [], byColor: new Map() },
  };
}
