import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useFailedDeliveries } from "./inbox-api";

/**
 * WhatsApp messages and button presses the store received but could not handle, even after
 * trying again for hours: each with its error, so the owner (or a developer) can act on it.
 */
export function FailedDeliveriesPanel() {
  const failed = useFailedDeliveries();
  if (failed.isPending) return <Skeleton className="h-16 w-full" />;
  if (failed.isError) return <p className="text-sm text-red-700">{errorMessage(failed.error)}</p>;
  const { total, deliveries } = failed.data;
  if (total === 0) return <p className="text-sm text-muted">None: every delivery from WhatsApp was handled.</p>;
  return (
    <div className="space-y-2 text-sm" aria-label="WhatsApp deliveries not handled">
      <p>
        {total} {total === 1 ? "delivery" : "deliveries"} from WhatsApp could not be handled and will not be tried
        again. Send the error and the delivery to your developer; the customer may need a reply by hand.
      </p>
      <ul className="space-y-2">
        {deliveries.map((d) => (
          <li key={d.id} className="rounded-lg border border-ink/10 bg-white p-2">
            <p className="text-xs text-muted">
              Received {new Date(d.receivedAt).toLocaleString("en-PK")}, tried {d.attempts} times
            </p>
            <p className="text-red-700">{d.error || "No error was recorded"}</p>
            <details>
              <summary className="cursor-pointer text-xs">The delivery as WhatsApp sent it</summary>
              <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all text-xs">{d.body}</pre>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
