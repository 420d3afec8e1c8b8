import type { Product } from "@shared/schemas/products.js";
import { Badge } from "@client/components/ui/badge";

/** A draft's or an archived product's status in the products table (an active one shows none). */
export function ProductStatusBadge({ product }: { product: Pick<Product, "status" | "publishAt"> }) {
  if (product.status === "active") return null;
  if (product.status === "archived") return <Badge className="bg-gray-100 text-gray-700">Archived</Badge>;
  const launch = product.publishAt ? ` · launches ${new Date(product.publishAt).toLocaleString("en-PK")}` : "";
  return <Badge className="bg-amber-100 text-amber-900">{`Draft${launch}`}</Badge>;
}
