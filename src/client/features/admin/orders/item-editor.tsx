import { useQueries } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Trash2 } from "lucide-react";
import type { EditAmounts, EditOrderItemsInput } from "@shared/schemas/order-edits.js";
import type { AdminOrderDetail, OrderItem } from "@shared/schemas/orders.js";
import { formatRs } from "@shared/rules/money.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { ApiError, errorMessage } from "@client/lib/api";
import { useDebounced } from "@client/lib/cart/quote-api";
import { queries } from "@client/lib/queries";
import { choiceOf, LineOptions, optionsOfSizeAndColor, type LineChoice } from "./edit-line-options";
import { ProductSearch } from "./product-search";
import { useEditOrderItems, useItemEditPreview } from "./item-edits-api";

interface EditLine extends LineChoice {
  key: number;
  productId: number;
  productName: string;
  quantity: string;
}

let nextKey = 0;
const lineOf = (l: Omit<EditLine, "key">): EditLine => ({ ...l, key: ++nextKey });

const lineFromItem = (i: OrderItem): EditLine =>
  lineOf({
    productId: i.productId,
    productName: i.productName,
    options: i.options && Object.keys(i.options).length > 0 ? i.options : optionsOfSizeAndColor(i.size, i.color),
    size: i.size,
    color: i.color,
    variantId: i.variantId ?? null,
    quantity: String(i.quantity),
  });

/** Another agent changed the items first: the 409 carries the order's current items. */
function changedMeanwhile(error: unknown): OrderItem[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const items = (error.body as { items?: OrderItem[] } | null)?.items;
  return Array.isArray(items) ? items : null;
}

/** Lines the server can price: whole quantities from 1 to 99 (anything else is said on the line). */
function inputOf(lines: EditLine[], version: number | undefined): EditOrderItemsInput | null {
  const items = lines.map((l) => ({
    productId: l.productId,
    // The variant by its id once known; the spec's size and colour otherwise.
    ...(l.variantId ? { variantId: l.variantId } : { size: l.size, color: l.color }),
    quantity: Number(l.quantity),
  }));
  if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1 || i.quantity > 99)) return null;
  return { items, version };
}

const AMOUNT_ROWS: [keyof EditAmounts, string][] = [
  ["subtotal", "Subtotal"],
  ["discount", "Discount"],
  ["deliveryFee", "Delivery"],
  ["codFee", "Cash on delivery fee"],
  ["total", "Total"],
  ["advanceOwed", "Advance owed"],
  ["codAmount", "To collect on delivery"],
];

/**
 * "Edit items": change a line's size, colour or quantity, remove it, or add a product; the
 * server prices the new items as a new order would be (shown before saving, old → new), and
 * saving re-books a booked parcel. Stacks in one column at phone width.
 */
export function ItemEditor({ order, onDone }: { order: AdminOrderDetail; onDone: (message: string | null) => void }) {
  const [lines, setLines] = useState<EditLine[]>(() => order.items.map(lineFromItem));
  const [note, setNote] = useState("");
  const products = useQueries({
    queries: [...new Set(lines.map((l) => l.productId))].map((id) => queries.product(id)),
  });
  const productOf = (id: number) => products.find((p) => p.data?.id === id)?.data ?? null;
  const input = useMemo(() => inputOf(lines, order.itemsVersion), [lines, order.itemsVersion]);
  const settled = useDebounced(input, 300);
  const preview = useItemEditPreview(order.id, settled);
  const save = useEditOrderItems(order.id);
  const change = (key: number, patch: Partial<EditLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = () => {
    if (!input || input.items.length === 0) return;
    save.mutate(
      { ...input, note: note.trim() || undefined },
      {
        onSuccess: (saved) =>
          onDone(
            saved.rebooking?.error ??
              (saved.rebooking?.booked
                ? `Booked again with ${saved.rebooking.courier}: ${saved.rebooking.trackingNumber}`
                : null),
          ),
      },
    );
  };

  return (
    <section aria-label="Edit items" className="space-y-3 rounded-xl border border-rose/30 p-3 sm:p-4">
      <h3 className="font-medium">Edit items</h3>
      <ul className="space-y-3" aria-label="Items being edited">
        {lines.map((l) => {
          const product = productOf(l.productId);
          const quantity = Number(l.quantity);
          return (
            <li
              key={l.key}
              className="grid grid-cols-2 gap-2 border-b border-ink/5 pb-3 sm:grid-cols-[1fr_7rem_7rem_5rem_auto]"
            >
              <p className="col-span-2 self-center font-medium sm:col-span-1">{l.productName}</p>
              {product && (
                <LineOptions
                  product={product}
                  productName={l.productName}
                  options={l.options}
                  onChange={(choice) => change(l.key, choice)}
                />
              )}
              <Input
                aria-label={`Quantity of ${l.productName}`}
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => change(l.key, { quantity: e.target.value })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${l.productName}`}
                onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
              {!(Number.isInteger(quantity) && quantity >= 1 && quantity <= 99) && (
                <p role="alert" className="col-span-2 text-sm text-red-700 sm:col-span-5">
                  Quantity must be a whole number from 1 to 99; to take the line out, remove it
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {lines.length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          An order needs at least one item. To drop every item, cancel the order instead.
        </p>
      )}
      <div className="space-y-2">
        <p className="text-sm font-medium">Add a product</p>
        <ProductSearch
          onAdd={(picked) =>
            setLines((all) => [
              ...all,
              lineOf({
                productId: picked.product.id,
                productName: picked.product.name,
                ...choiceOf(picked.product, optionsOfSizeAndColor(picked.size, picked.color)),
                quantity: String(picked.quantity),
              }),
            ])
          }
        />
      </div>
      <Input
        aria-label="Why (the customer's request)"
        placeholder="Why, e.g. the customer asked for M on WhatsApp"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <NewAmounts preview={preview} />
      {save.isError && (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{errorMessage(save.error)}</p>
          {changedMeanwhile(save.error) && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setLines(changedMeanwhile(save.error)!.map(lineFromItem));
                save.reset();
              }}
            >
              Start again from the current items
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          Keep the items as they were
        </Button>
        <Button
          type="button"
          onClick={submit}
          disabled={!input || lines.length === 0 || save.isPending || !preview.isSuccess || settled !== input}
        >
          {save.isPending ? "Saving…" : "Save the new items"}
        </Button>
      </div>
    </section>
  );
}

function NewAmounts({ preview }: { preview: ReturnType<typeof useItemEditPreview> }) {
  if (preview.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(preview.error)}
      </p>
    );
  if (!preview.data) return <p className="text-sm text-muted">Pricing the new items…</p>;
  const { before, after, code, rebook } = preview.data;
  return (
    <div className="space-y-2 rounded-lg bg-cream p-3 text-sm" aria-label="New amounts" aria-busy={preview.isFetching}>
      <dl className="space-y-1">
        {AMOUNT_ROWS.filter(([key]) => key === "total" || key === "codAmount" || before[key] > 0 || after[key] > 0).map(
          ([key, label]) => (
            <div key={key} className="flex justify-between gap-2" data-testid={`new-${key}`}>
              <dt className="text-muted">{label}</dt>
              <dd className={before[key] !== after[key] ? "font-semibold" : undefined}>
                {before[key] !== after[key] && (
                  <>
                    <s className="font-normal text-muted">{formatRs(before[key])}</s> →{" "}
                  </>
                )}
                {formatRs(after[key])}
              </dd>
            </div>
          ),
        )}
      </dl>
      {code && <p className={code.applied ? "text-muted" : "text-red-700"}>{code.message}</p>}
      {rebook && (
        <p>
          Booked with {rebook.courier} ({rebook.trackingNumber}): saving cancels that booking and books the parcel again
          with the new cash to collect.
        </p>
      )}
    </div>
  );
}
