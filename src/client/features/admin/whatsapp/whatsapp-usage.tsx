import { useEffect, useState } from "react";
import { toast } from "sonner";
import { formatRs } from "@shared/rules/money.js";
import { PRICING_CATEGORIES, type WhatsappPrices } from "@shared/schemas/whatsapp.js";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { useSavePrices, useWhatsappUsage } from "./inbox-api";

const LABELS: Record<string, string> = {
  utility: "Utility (confirmations, updates)",
  marketing: "Marketing",
  service: "Service (replies to customers)",
  authentication: "Authentication",
};

/** This month's messages as Meta priced them, and the owner's estimate from their own prices. */
export function WhatsappUsagePanel() {
  const usage = useWhatsappUsage();
  const save = useSavePrices();
  const [prices, setPrices] = useState<Record<string, string>>({});
  useEffect(() => {
    if (usage.data) setPrices(Object.fromEntries(Object.entries(usage.data.prices).map(([k, v]) => [k, String(v)])));
  }, [usage.data]);
  if (usage.isPending) return <Skeleton className="h-40 w-full" />;
  if (usage.isError) return <p className="text-sm text-red-700">{errorMessage(usage.error)}</p>;
  const u = usage.data;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = Object.fromEntries(PRICING_CATEGORIES.map((c) => [c, Number(prices[c] || 0)])) as WhatsappPrices;
    save.mutate(values, { onSuccess: () => toast.success("Prices saved"), onError: (err) => toastError(err) });
  };
  return (
    <form onSubmit={submit} className="space-y-3 text-sm" aria-label="WhatsApp usage">
      <p>
        Messages in {u.month}, as Meta reports them. The estimate uses your prices per billable message (see Meta's rate
        card for Pakistan).
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <thead>
            <tr className="text-xs text-muted">
              <th>Category</th>
              <th>Messages</th>
              <th>Billable</th>
              <th>Rs. per message</th>
            </tr>
          </thead>
          <tbody>
            {PRICING_CATEGORIES.map((c) => (
              <tr key={c}>
                <td>{LABELS[c]}</td>
                <td>{u.byCategory[c]?.messages ?? 0}</td>
                <td>{u.byCategory[c]?.billable ?? 0}</td>
                <td>
                  <input
                    aria-label={`Price of a ${c} message in Rs.`}
                    inputMode="decimal"
                    className="w-20 rounded border border-ink/20 px-1"
                    value={prices[c] ?? ""}
                    onChange={(e) => setPrices({ ...prices, [c]: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="font-semibold">Estimate this month: {formatRs(u.estimateRs)}</p>
      <Button type="submit" size="sm" disabled={save.isPending}>
        Save prices
      </Button>
    </form>
  );
}
