import { useState } from "react";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useBackInStockDemand } from "./winback-api";

const SORTS = [
  { value: "waiting", label: "Waiting" },
  { value: "notified", label: "Notified" },
  { value: "ordered", label: "Ordered" },
  { value: "product", label: "Product" },
] as const;

/** Demand per product and variant; most waiting first: the sizes to restock first. */
export function BackInStockTable() {
  const [sort, setSort] = useState<string>("waiting");
  const demand = useBackInStockDemand(sort);
  return (
    <section aria-label="Back in stock demand" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="font-display text-lg font-semibold">Back in stock requests</h2>
      <p className="text-xs text-muted">Most waiting first: the sizes to restock first.</p>
      {demand.isPending ? (
        <Skeleton className="mt-3 h-24 w-full" />
      ) : demand.isError ? (
        <p className="text-sm text-red-700">{errorMessage(demand.error)}</p>
      ) : demand.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No shopper has asked yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-xs text-muted">
              {SORTS.map((s) => (
                <th key={s.value} aria-sort={sort === s.value ? "descending" : undefined}>
                  <button type="button" className="underline-offset-2 hover:underline" onClick={() => setSort(s.value)}>
                    {s.value === "product" ? "Product and variant" : s.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {demand.data.items.map((i) => (
              <tr key={i.variantId ?? `${i.productId}-${i.size}-${i.color}`} className="border-t border-ink/5">
                <td>{i.waiting}</td>
                <td>{i.notified}</td>
                <td>{i.ordered}</td>
                <td>{i.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
