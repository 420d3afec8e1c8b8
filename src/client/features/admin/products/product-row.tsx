import { ImageOff } from "lucide-react";
import type { Product } from "@shared/schemas/products.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { imageVariantUrl } from "@shared/rules/images.js";
import { Badge } from "@client/components/ui/badge";
import { StockCount } from "./stock-count";
import { ProductStatusBadge } from "./product-status-badge";
import { EditDeleteButtons } from "@client/components/admin/edit-delete-buttons";

/** One product in the catalogue table: its photo, price, stock and the edit and delete buttons. */
export function ProductRow({
  product: p,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const image = p.images[0];
  return (
    <tr>
      <td>
        <div
          className="h-14 w-12 overflow-hidden rounded-lg"
          style={{ backgroundColor: image?.edgeColor ?? "#f9fafb" }}
        >
          {image ? (
            <img
              src={imageVariantUrl(image, "thumb")}
              alt=""
              width={48}
              height={56}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          ) : (
            <ImageOff className="m-auto mt-4 h-5 w-5 text-muted" aria-label="No image" />
          )}
        </div>
      </td>
      <td>
        <p className="font-medium">
          {p.name} <ProductStatusBadge product={p} />
        </p>
        {p.sku && <p className="text-xs text-muted">SKU {p.sku}</p>}
      </td>
      <td>{categoryLabel(p.category)}</td>
      <td className="whitespace-nowrap">
        <span className="font-semibold">{formatRs(p.price)}</span>
        {p.originalPrice && Number(p.originalPrice) > Number(p.price) && (
          <span className="ml-1.5 text-xs text-muted line-through">{formatRs(p.originalPrice)}</span>
        )}
      </td>
      <td>
        <Badge className={p.inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}>
          {p.inStock ? "In Stock" : "Out of Stock"}
        </Badge>
        <StockCount product={p} />
      </td>
      <td>
        {p.featured ? (
          <Badge className="bg-rose/10 text-rose">Featured</Badge>
        ) : (
          <span className="text-xs text-muted">No</span>
        )}
      </td>
      <td>
        <div className="flex justify-end gap-1">
          <EditDeleteButtons name={p.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}
