import { variantLabel, variantName } from "@shared/catalogue/variants.js";
import type { ReturnType } from "@shared/rules/returns.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { useQuery } from "@tanstack/react-query";
import { queries } from "@client/lib/queries";

/** One item chosen for the request: how many, and for an exchange the variant to send instead. */
export type Choice = { quantity: number; exchangeVariantId: number | null };

type Item = TrackedOrder["items"][number];

/** The order's items, each ticked to return or exchange, with its quantity and what to send instead. */
export function ReturnItemChoices({
  items,
  type,
  chosen,
  onToggle,
  onUpdate,
}: {
  items: TrackedOrder["items"];
  type: ReturnType;
  /** By the item's place in the order. */
  chosen: Record<number, Choice>;
  onToggle: (i: number, on: boolean) => void;
  onUpdate: (i: number, patch: Partial<Choice>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">Which items?</legend>
      {items.map((item, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          <label className="flex min-w-0 flex-1 items-center gap-1.5">
            <input type="checkbox" checked={!!chosen[i]} onChange={(e) => onToggle(i, e.target.checked)} />
            <span className="truncate">{lineName(item)}</span>
          </label>
          {chosen[i] && (
            <>
              <Input
                aria-label={`How many of ${lineName(item)}`}
                type="number"
                min={1}
                max={item.quantity}
                value={chosen[i].quantity}
                onChange={(e) => onUpdate(i, { quantity: Number(e.target.value) })}
                className="w-16"
              />
              {type === "exchange" && (
                <ExchangeFor
                  item={item}
                  value={chosen[i].exchangeVariantId}
                  onChange={(exchangeVariantId) => onUpdate(i, { exchangeVariantId })}
                />
              )}
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * "Lawn suit (Stitched / M)": the line as sold, its variant's values (or its size and colour for an
 * older line), so two lines of one product that differ only in Make are named apart.
 */
function lineName(item: Item): string {
  const label = item.options && Object.keys(item.options).length > 0 ? variantLabel(item.options) : "";
  return `${item.productName} (${label || [item.size, item.color].filter(Boolean).join(", ") || "one size"})`;
}

/** What to send instead: only the product's variants on sale and in stock (the server checks the same). */
function ExchangeFor({
  item,
  value,
  onChange,
}: {
  item: Item;
  value: number | null;
  onChange: (variantId: number | null) => void;
}) {
  const product = useQuery(queries.product(item.productId));
  if (product.isPending) return <span className="text-muted">Loading choices…</span>;
  if (product.isError) return <span className="text-red-700">Could not load the choices; try again in a moment.</span>;
  const order = product.data?.options?.map((o) => o.name);
  const choices = (product.data?.variants ?? []).filter((v) => v.available);
  if (!product.data || choices.length === 0)
    return <span className="text-muted">Nothing to exchange it for is in stock now; ask for a return instead.</span>;
  return (
    <NativeSelect
      aria-label={`Exchange ${lineName(item)} for`}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      className="w-48"
    >
      <option value="">Choose what you want instead</option>
      {choices.map((v) => (
        <option key={v.id} value={v.id}>
          {variantName(v.options, order)}
        </option>
      ))}
    </NativeSelect>
  );
}
