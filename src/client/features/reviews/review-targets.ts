import type { ReviewValidation } from "@shared/schemas/reviews.js";

type Product = ReviewValidation["unreviewedOrders"][number]["products"][number];

/** One product of one delivered order that can be reviewed. */
export interface ReviewTarget {
  key: string;
  orderId: string;
  orderDateLabel: string;
  product: Product;
}

const dateFormat = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "short", year: "numeric" });

export function reviewTargets(validation: ReviewValidation): ReviewTarget[] {
  return validation.unreviewedOrders.flatMap((order) =>
    order.products.map((product) => ({
      key: `${order.orderId}:${product.productId}`,
      orderId: order.orderId,
      orderDateLabel: formatDate(order.orderDate),
      product,
    })),
  );
}

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
