import type { SizeChart } from "@shared/schemas/attributes.js";
import { Dialog } from "@client/components/ui/dialog";
import { SizeChartTable } from "./size-chart-table";

/** The category's size chart in an accessible dialog (loaded the first time the link is pressed). */
export default function SizeChartDialog({
  chart,
  open,
  onOpenChange,
}: {
  chart: SizeChart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Size Chart" className="max-w-2xl">
      <SizeChartTable chart={chart} />
    </Dialog>
  );
}
