import type { ReturnType } from "@shared/rules/returns.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { Input } from "@client/components/ui/input";

/** One item chosen for the request: how many, and for an exchange what to send instead. */
export type Choice = { quantity: number; exchangeSize: string; exchangeColor: string };

/** The order's items, each ticked to return or exchange, with its quantity and the new size or colour. */
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
            <span className="truncate">
              {item.productName} ({[item.size, item.color].filter(Boolean).join(", ")})
            </span>
          </label>
          {chosen[i] && (
            <>
              <Input
                aria-label={`How many of ${item.productName}`}
                type="number"
                min={1}
                max={item.quantity}
                value={chosen[i].quantity}
                onChange={(e) => onUpdate(i, { quantity: Number(e.target.value) })}
                className="w-16"
              />
              {type === "exchange" && (
                <>
                  <Input
                    aria-label={`New size for ${item.productName}`}
                    placeholder="New size"
                    value={chosen[i].exchangeSize}
                    onChange={(e) => onUpdate(i, { exchangeSize: e.target.value })}
                    className="w-24"
                  />
                  <Input
                    aria-label={`New colour for ${item.productName}`}
                    placeholder="New colour"
                    value={chosen[i].exchangeColor}
                    onChange={(e) => onUpdate(i, { exchangeColor: e.target.value })}
                    className="w-28"
                  />
                </>
              )}
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}
