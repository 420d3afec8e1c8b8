import { discountPercent } from "@shared/rules/discount.js";
import { formatRs } from "@shared/rules/money.js";
import { cn } from "@client/lib/cn";

/**
 * Price, struck-through original price when it is higher, and optionally the discount badge;
 * "From Rs. X" when the variants differ in price and X is the lowest.
 */
export function ProductPrice({
  price,
  originalPrice,
  from = false,
  showDiscount = false,
  className,
}: {
  price: string;
  originalPrice: string | null;
  from?: boolean;
  showDiscount?: boolean;
  className?: string;
}) {
  const discount = discountPercent(price, originalPrice);
  return (
    <p className={cn("flex flex-wrap items-baseline gap-x-2 gap-y-1", className)}>
      <span className="font-semibold text-ink">
        {from && "From "}
        {formatRs(price)}
      </span>
      {discount !== null && (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">Original price </span>
            {formatRs(originalPrice!)}
          </s>
          {showDiscount && (
            <span className="rounded-full bg-rose/10 px-2 py-0.5 text-xs font-semibold text-[#9a3f56]">
              {discount}% OFF
            </span>
          )}
        </>
      )}
    </p>
  );
}
