import type { QuoteInput } from "@shared/schemas/checkout.js";
import type { z } from "zod";
import type { quoteInput } from "@shared/schemas/checkout.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { checkChoice, rememberedChoiceProducts } from "../catalogue/index.js";

export type QuoteItems = z.output<typeof quoteInput>["items"];
export type { QuoteInput };

export interface QuoteLine {
  productId: number;
  productName: string;
  category: string;
  quantity: number;
  size: string;
  color: string;
  variantId: number;
  options: Record<string, string>;
  /** The variant's regular unit price. */
  price: string;
}

/**
 * The quote's lines from the catalogue, with the checks an order makes: a product gone, out of
 * stock, or without the chosen size or colour answers 409 naming it, as placing would.
 */
export async function quoteLines(db: Db, items: QuoteItems): Promise<QuoteLine[]> {
  const catalogue = await rememberedChoiceProducts(
    db,
    items.map((i) => i.productId),
  );
  return items.map((item) => {
    const product = catalogue.get(item.productId);
    if (!product)
      throw new AppError(
        "CONFLICT",
        `Product #${item.productId} is no longer available; please remove it from your cart`,
      );
    const choice = checkChoice(product, item.size, item.color, item.variantId);
    if (!choice.ok) {
      const { message } = choice.problem;
      throw new AppError("CONFLICT", message.includes(product.name) ? message : `${product.name}: ${message}`);
    }
    return {
      productId: product.id,
      productName: product.name,
      category: product.category,
      quantity: item.quantity,
      size: choice.size,
      color: choice.color,
      variantId: choice.variant.id,
      options: choice.variant.options,
      price: choice.variant.price,
    };
  });
}
