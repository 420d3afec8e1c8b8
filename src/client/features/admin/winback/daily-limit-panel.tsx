import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useDailyLimit } from "./winback-api";

/** The number's daily count against Meta's limit, with the warning at 80 % (decision 041). */
export function DailyLimitPanel() {
  const daily = useDailyLimit();
  if (daily.isPending) return <Skeleton className="h-16 w-full" />;
  if (daily.isError) return <p className="text-sm text-red-700">{errorMessage(daily.error)}</p>;
  const { count, limit, marketingStopsAt, warning } = daily.data;
  return (
    <section aria-label="WhatsApp daily limit" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="font-display text-lg font-semibold">Customers messaged first today</h2>
      <p className="mt-1 text-2xl font-semibold">
        {count} <span className="text-base font-normal text-muted">of {limit} in the last 24 hours</span>
      </p>
      {warning ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {count >= limit
            ? "The limit is reached: new orders' confirmations are held for an agent to confirm by phone."
            : `Over 80 % of the limit (${marketingStopsAt}): back-in-stock and reminder messages have stopped; confirmations still go.`}
        </p>
      ) : (
        <p className="mt-2 text-xs text-muted">
          Marketing messages stop at {marketingStopsAt}. Set the limit Meta gives your number in Settings
          (whatsapp_daily_limit).
        </p>
      )}
    </section>
  );
}
