import { useState } from "react";
import { RETURN_STATUSES } from "@shared/rules/returns.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { Panel } from "@client/components/admin/panel";
import { label, ReturnCard } from "./return-card";
import { useAdminReturns } from "./returns-api";

const FILTERS = [
  "requested",
  "approved",
  "all",
  ...RETURN_STATUSES.filter((s) => s !== "requested" && s !== "approved"),
];

/** Returns and exchanges asked for from the tracking card: approve, reject with a note, complete. */
export function ReturnsTab() {
  const [status, setStatus] = useState("requested");
  const list = useAdminReturns(status);
  return (
    <Panel title="Returns and exchanges">
      <div role="group" aria-label="Filter returns" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={cn(
              "cursor-pointer rounded-full border px-3.5 py-1.5 text-sm",
              status === s ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
            )}
          >
            {label(s)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700">{errorMessage(list.error)}</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">No {status === "all" ? "" : `${status} `}requests.</p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((r) => (
            <ReturnCard key={r.id} request={r} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
