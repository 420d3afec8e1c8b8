import { useQuery } from "@tanstack/react-query";
import type { AdsStatus } from "@shared/schemas/ads.js";
import { Badge } from "@client/components/ui/badge";
import { Skeleton } from "@client/components/ui/skeleton";
import { api, errorMessage } from "@client/lib/api";
import { dateTime } from "@client/lib/admin/date-time";

export function useAdsStatus() {
  return useQuery({ queryKey: ["/api/admin/ads"], queryFn: () => api<AdsStatus>("/api/admin/ads") });
}

const STATE_WORDS: Record<AdsStatus["recent"][number]["state"], string> = {
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  dropped: "Dropped (older than 7 days)",
  skipped: "Not sent (order cancelled or returned)",
};

/** Settings → Meta ads: whether the pixel and the Conversions API are connected, and their last events (read-only). */
export function MetaAdsPanel() {
  const status = useAdsStatus();
  if (status.isPending) return <Skeleton className="h-32 w-full" />;
  if (status.isError) return <p className="text-sm text-red-700">{errorMessage(status.error)}</p>;
  const { pixel, conversionsApi, counts, recent, feedUrl } = status.data;
  return (
    <div className="space-y-3 text-sm" aria-label="Meta pixel and Conversions API">
      <p className="flex flex-wrap items-center gap-2">
        <Badge className={pixel.enabled ? "bg-green-100 text-green-900" : "bg-cream text-muted"}>
          {pixel.enabled ? `Pixel ${pixel.pixelId}` : "Pixel off"}
        </Badge>
        <Badge className={conversionsApi.enabled ? "bg-green-100 text-green-900" : "bg-cream text-muted"}>
          {conversionsApi.enabled ? "Conversions API connected" : "Conversions API off"}
        </Badge>
      </p>
      {conversionsApi.missing.length > 0 && (
        <p>
          To connect, set {conversionsApi.missing.join(" and ")} on the server and restart it (see
          docs/operating/meta-ads.md).
        </p>
      )}
      <p className="text-muted">
        A Purchase is sent when an order is confirmed, never when it is placed.
        {conversionsApi.deliveryEvents ? " Delivered and Returned are sent too." : ""} Last 30 days: {counts.sent} sent,{" "}
        {counts.queued + counts.sending} waiting, {counts.failed} failed, {counts.dropped} dropped.
      </p>
      {recent.length > 0 && (
        <ul className="divide-y divide-ink/5 rounded-lg border border-ink/10 bg-white" aria-label="Last events">
          {recent.map((e) => (
            <li key={`${e.orderId}-${e.eventName}`} className="px-3 py-2">
              <span className="font-medium">{e.eventName}</span> · order {e.orderId.slice(0, 8).toUpperCase()} ·{" "}
              {STATE_WORDS[e.state]}
              {e.finishedAt ? `, ${dateTime(e.finishedAt)}` : ""}
              {e.lastError && <span className="block text-red-700">{e.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
      <p>
        Product feed for Meta Commerce Manager and Google Merchant Center:{" "}
        <code className="break-all rounded bg-cream px-1">{feedUrl}</code>
      </p>
    </div>
  );
}
