import { useState, type ReactNode } from "react";
import { ShoppingBag } from "lucide-react";
import { toast } from "@client/lib/toast";
import { discountPercent } from "@shared/rules/discount.js";
import { categoryLabel } from "@shared/rules/labels.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { SizeChartLink } from "./size-chart-link";
import { ProductGallery } from "./product-gallery";
import { ProductPrice } from "./product-price";
import { ColorPicker, SizePicker } from "./product-options";
import { QuantityPicker } from "./quantity-picker";
import {
  addToCartProblem,
  colorInStock,
  galleryImages,
  onlyLeftLabel,
  unitsLeftOf,
  variantAvailable,
} from "./purchase-rules";
import { TrustBadges } from "./trust-badges";

export interface CartLineChoice {
  productId: number;
  quantity: number;
  size: string;
  color: string;
  /** The spec's JSON string of the picture on show when the shopper added the line. */
  selectedImage: string;
}

/** The product page body: gallery, facts, size/colour/quantity and Add to Cart (the route sends the line). */
export function ProductDetails({
  product,
  onAddToCart,
  adding,
  wishlistButton,
}: {
  product: Product;
  onAddToCart: (line: CartLineChoice) => void;
  adding: boolean;
  wishlistButton?: ReactNode;
}) {
  const [size, setSize] = useState("");
  const [color, setColor] = useState("");
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);

  const images = galleryImages(product, color);
  const current: ImageRef | undefined = images[imageIndex] ?? images[0];
  const colorOut = Boolean(color) && !colorInStock(product, color);
  const units = unitsLeftOf(product, size, color);
  const soldOut = product.inStock === 0 || colorOut || units === 0;
  const onlyLeft = onlyLeftLabel(units);
  const discount = discountPercent(product.price, product.originalPrice);

  const chooseColor = (next: string) => {
    setColor(next);
    setImageIndex(0);
  };

  const add = () => {
    const problem = addToCartProblem(product, size, color);
    if (problem) {
      toast.error("Error", { description: problem });
      return;
    }
    onAddToCart({
      productId: product.id,
      quantity: units ? Math.min(quantity, units) : quantity,
      size,
      color: color,
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
          {product.sku && <p className="mt-2 text-sm text-muted">SKU: {product.sku}</p>}
          <ProductPrice
            price={product.price}
            originalPrice={product.originalPrice}
            showDiscount={discount !== null}
            className="mt-4 text-2xl"
          />
        </div>
        {product.description && (
          <p className="whitespace-pre-line leading-relaxed text-ink/80">{product.description}</p>
        )}
        <SizePicker
          sizes={product.sizes}
          value={size}
          onChange={setSize}
          available={(s) => variantAvailable(product, s, color)}
          aside={<SizeChartLink category={product.category} />}
        />
        <ColorPicker
          colors={product.colors}
          value={color}
          inStock={(c) => colorInStock(product, c)}
          availableInSize={(c) => variantAvailable(product, size, c)}
          onChange={chooseColor}
        />
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
        <TrustBadges />
      </div>
    </div>
  );
}
