import { AbandonedCheckoutsTable } from "./abandoned-checkouts-table";
import { BackInStockTable } from "./back-in-stock-table";
import { DailyLimitPanel } from "./daily-limit-panel";

/** Sales won back on WhatsApp (issue 42): the number's daily count, back-in-stock demand, abandoned checkouts. */
export function WinbackTab() {
  return (
    <div className="space-y-5">
      <DailyLimitPanel />
      <BackInStockTable />
      <AbandonedCheckoutsTable />
    </div>
  );
}
