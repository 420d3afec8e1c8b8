import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { queries } from "@client/lib/queries";

// The dialog (and the Radix code under it) is not part of the product page's first paint.
const SizeChartDialog = lazy(() => import("./size-chart-dialog"));

/** "Size Chart", beside a product's sizes when its category has a chart; opens the chart in a dialog. */
export function SizeChartLink({ category }: { category: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const key = category.toLowerCase();
  const chart = useQuery(queries.categories()).data?.find(
    (c) => c.slug.toLowerCase() === key || c.name.toLowerCase() === key,
  )?.sizeChart;
  if (!chart) return null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className="text-sm font-medium underline decoration-sand decoration-2 underline-offset-4 hover:text-rose"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Size Chart
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SizeChartDialog chart={chart} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
