import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatRs } from "@shared/rules/money.js";
import { ThumbnailButton } from "@client/components/ui/image-lightbox";
import type { CartGroup } from "@client/lib/cart/cart-groups";
import { variantText } from "@client/lib/variant-text";

const THUMB_W = 96;

/** One merged cart row: checkbox, image (opens the lightbox), details, quantity and remove. */
export function CartLineRow({
  group,
  selected,
  busy,
  onSelectedChange,
  onIncrement,
  onDecrement,
  onRemove,
}: {
  group: CartGroup;
  selected: boolean;
  busy: boolean;
  onSelectedChange(selected: boolean): void;
  onIncrement(): void;
  onDecrement(): void;
  onRemove(): void;
}) {
  const { first, image } = group;
  const name = first.product.name;
  const variant = variantText(first);
  const thumbH = image ? Math.round((THUMB_W * image.height) / Math.max(image.width, 1)) : 120;
  const checkboxId = `cart-select-${group.key}`;
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-ink/5 sm:gap-5 sm:p-4">
      <div className="flex items-start pt-1">
        <input
          id={checkboxId}
          type="checkbox"
          className="h-5 w-5 cursor-pointer accent-ink"
          checked={selected}
          onChange={(e) => onSelectedChange(e.target.checked)}
          aria-label={
            variant ? `Select ${name}, ${variant}` : `Select ${name}, size ${first.size}, colour ${first.color}`
          }
        />
      </div>
      {image ? (
        <ThumbnailButton
          image={image}
          alt={name}
          label={`Enlarge image of ${name}`}
          width={THUMB_W}
          height={thumbH}
          lazy={false}
          className="self-start rounded-xl bg-cream"
          imgClassName="h-auto w-20 sm:w-24"
        />
      ) : (
        <div className="h-28 w-20 shrink-0 self-start rounded-xl bg-cream sm:w-24" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={`/product/${first.productId}`}
              className="line-clamp-2 font-display text-base font-semibold hover:text-rose sm:text-lg"
            >
              {name}
            </Link>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted sm:text-sm">
              {variant ? (
                <>
                  <dt>Options:</dt>
                  <dd>{variant}</dd>
                </>
              ) : (
                <>
                  <dt>Size:</dt>
                  <dd>{first.size || "—"}</dd>
                  <dt>Colour:</dt>
                  <dd>{first.color || "—"}</dd>
                </>
              )}
              <dt>SKU:</dt>
              <dd className="truncate">{first.product.sku}</dd>
            </dl>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="rounded-full p-2 text-muted hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
            aria-label={`Remove ${name} from cart`}
          >
            <Trash2 className="h-4 w-4" />
          </button>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <div
            className="inline-flex items-center rounded-full border border-ink/15"
            role="group"
            aria-label={`Quantity of ${name}`}
          >
            <button
              type="button"
              onClick={onDecrement}
              disabled={busy || group.quantity <= 1}
              className="rounded-full p-2 hover:bg-ink/5 disabled:opacity-40"
              aria-label="Decrease quantity"
            >
              <Minus className="h-4 w-4" />
            </button>
            <span className="min-w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite">
              {group.quantity}
            </span>
            <button
              type="button"
              onClick={onIncrement}
              disabled={busy || group.quantity >= 99}
              className="rounded-full p-2 hover:bg-ink/5 disabled:opacity-40"
              aria-label="Increase quantity"
            >
              <Plus className="h-4 w-4" />
            </button>
          </div>
          <p className="font-semibold tabular-nums">{formatRs(group.lineTotal)}</p>
        </div>
      </div>
    </li>
  );
}
