import { lazy, Suspense, useState, type ReactNode } from "react";
import { ShoppingBag } from "lucide-react";
import { toast } from "@client/lib/toast";
import { discountPercent } from "@shared/rules/discount.js";
import { categoryLabel } from "@shared/rules/labels.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { Button } from "@client/components/ui/button";
import { SizeChartLink } from "./size-chart-link";
import { ProductGallery } from "./product-gallery";
import { ProductPrice } from "./product-price";
import { ColorPicker, ValuePicker } from "./product-options";
import { QuantityPicker } from "./quantity-picker";
import { addToCartProblem, galleryImages, onlyLeftLabel } from "./purchase-rules";
import { TrustBadges } from "./trust-badges";
import {
  choicesOf,
  choose,
  chosenVariant,
  COLOR,
  optionStates,
  productOptions,
  productVariants,
  shownPrice,
  SIZE,
  type Choices,
  type SoldVariant,
  type VariantProduct,
} from "./variant-choice";

// Back-in-stock sign-up: only a sold-out choice needs it, so its code loads after the page.
const NotifyMe = lazy(() => import("./notify-me").then((m) => ({ default: m.NotifyMe })));

export interface CartLineChoice {
  productId: number;
  /** The chosen variant; absent only for an answer read from sizes and colours alone. */
  variantId?: number;
  quantity: number;
  size: string;
  color: string;
  /** The spec's JSON string of the picture on show when the shopper added the line. */
  selectedImage: string;
}

/**
 * The product page body: gallery, facts, the options in order, quantity and Add to Cart (the
 * route sends the line). `initialVariant` (from `?variant=<id>`) opens with that variant chosen;
 * `onVariantChosen` tells the route which one is chosen, so the address can name it.
 */
export function ProductDetails({
  product,
  onAddToCart,
  adding,
  wishlistButton,
  initialVariant = null,
  onVariantChosen,
}: {
  product: VariantProduct;
  onAddToCart: (line: CartLineChoice) => void;
  adding: boolean;
  wishlistButton?: ReactNode;
  initialVariant?: number | null;
  onVariantChosen?: (variantId: number | null) => void;
}) {
  const options = productOptions(product);
  const variants = productVariants(product);
  const [choices, setChoices] = useState<Choices>(() => choicesOf(variants, initialVariant));
  const [quantity, setQuantity] = useState(1);
  const states = optionStates(options, variants, choices);
  const variant = chosenVariant(states, variants, choices);
  const color = choices[COLOR] ?? "";
  const images = galleryImages(product, color, variant?.imageId);
  const [imageIndex, setImageIndex] = useState(() => imageIndexOf(images, variant));
  const current: ImageRef | undefined = images[imageIndex] ?? images[0];
  const units = variant?.stock ?? null;
  const soldOut = product.inStock === 0 || (variant !== null && !variant.available);
  const onlyLeft = onlyLeftLabel(units);
  const shown = shownPrice(variants, choices) ?? {
    price: product.price,
    originalPrice: product.originalPrice,
    from: false,
  };
  const discount = discountPercent(shown.price, shown.originalPrice);

  const pick = (name: string, value: string) => {
    const next = choose(options, variants, choices, name, value);
    const nextStates = optionStates(options, variants, next);
    const nextVariant = chosenVariant(nextStates, variants, next);
    setChoices(next);
    setImageIndex(imageIndexOf(galleryImages(product, next[COLOR] ?? "", nextVariant?.imageId), nextVariant));
    onVariantChosen?.(nextVariant?.id ?? null);
  };

  const add = () => {
    const problem = addToCartProblem(states, choices, variant);
    if (problem || !variant) {
      toast.error("Error", { description: problem });
      return;
    }
    onAddToCart({
      productId: product.id,
      ...(variant.id !== undefined ? { variantId: variant.id } : {}),
      quantity: units ? Math.min(quantity, units) : quantity,
      size: variant.options[SIZE] ?? "",
      color: variant.options[COLOR] ?? "",
      selectedImage: current ? JSON.stringify(current) : "",
    });
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
      <ProductGallery images={images} name={product.name} index={imageIndex} onIndexChange={setImageIndex} />
      <div className="space-y-7">
        <div>
          <div className="flex items-start justify-between gap-4">
            <p className="text-xs uppercase tracking-[0.2em] text-[#9a3f56]">
              {categoryLabel(product.category)} Collection
            </p>
            {wishlistButton}
          </div>
          <h1 className="mt-2 font-display text-3xl font-semibold leading-tight sm:text-4xl">{product.name}</h1>
          {(variant?.sku || product.sku) && (
            <p className="mt-2 text-sm text-muted">SKU: {variant?.sku || product.sku}</p>
          )}
          <ProductPrice
            price={shown.price}
            originalPrice={shown.originalPrice}
            from={shown.from}
            showDiscount={discount !== null}
            className="mt-4 text-2xl"
          />
        </div>
        {product.description && (
          <p className="whitespace-pre-line leading-relaxed text-ink/80">{product.description}</p>
        )}
        {states.map((option) =>
          option.name === COLOR ? (
            <ColorPicker key={option.name} option={option} value={color} onChange={(c) => pick(COLOR, c)} />
          ) : (
            <div key={option.name} className="flex items-start justify-between gap-3">
              <ValuePicker option={option} value={choices[option.name] ?? ""} onChange={(v) => pick(option.name, v)} />
              {/* Beside the sizes: the category's size chart, when it has one. */}
              {option.name === SIZE && <SizeChartLink category={product.category} />}
            </div>
          ),
        )}
        <QuantityPicker value={Math.min(quantity, units || quantity)} onChange={setQuantity} max={units || undefined} />
        {onlyLeft && (
          <p role="status" className="text-sm font-medium text-[#9a3f56]">
            {onlyLeft}
          </p>
        )}
        <Button size="lg" className="w-full" disabled={adding || soldOut} onClick={add}>
          <ShoppingBag className="h-5 w-5" aria-hidden />
          {adding ? "Adding..." : soldOut ? "Out of Stock" : "Add to Cart"}
        </Button>
        <Suspense fallback={null}>
          <NotifyMe
            product={product}
            variantId={variant?.id}
            size={variant?.options[SIZE] ?? ""}
            color={variant?.options[COLOR] ?? ""}
          />
        </Suspense>
        <TrustBadges />
      </div>
    </div>
  );
}

/** The gallery opens on the chosen variant's own picture, else on the first. */
function imageIndexOf(images: ImageRef[], variant: SoldVariant | null): number {
  return Math.max(0, variant?.imageId ? images.findIndex((img) => img.id === variant.imageId) : 0);
}
