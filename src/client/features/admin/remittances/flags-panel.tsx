import { useState } from "react";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { FLAG_LABELS, type RemittanceFlag } from "@shared/schemas/remittances.js";
import { buttonVariants, Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Panel } from "@client/components/admin/panel";
import { toastError } from "@client/lib/admin/toast-error";
import { flagsCsvUrl, useResolveFlag } from "./remittances-api";

/** The flags to settle with the courier: open ones first, each resolved with a note. */
export function FlagsPanel({ flags, open, courier }: { flags: RemittanceFlag[]; open: number; courier: string }) {
  return (
    <Panel
      title={`Flags (${open} open)`}
      actions={
        <a href={flagsCsvUrl(courier)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download className="h-4 w-4" aria-hidden /> Export open flags (CSV)
        </a>
      }
    >
      {open > flags.filter((f) => !f.resolved).length && (
        <p className="mb-2 text-sm text-muted">
          Showing the newest {flags.filter((f) => !f.resolved).length} open flags; the CSV export has all {open}.
        </p>
      )}
      {flags.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">Nothing to settle: every payment matches.</p>
      ) : (
        <ul className="divide-y divide-ink/5" aria-label="Flags">
          {flags.map((f) => (
            <FlagRow key={f.id} flag={f} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function FlagRow({ flag }: { flag: RemittanceFlag }) {
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState(false);
  const resolve = useResolveFlag();
  const save = () =>
    resolve.mutate(
      { id: flag.id, note },
      { onSuccess: () => toast.success("Flag resolved"), onError: (e) => toastError(e, "Could not resolve the flag") },
    );
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm" data-testid="remittance-flag">
      <span className={flag.resolved ? "text-muted line-through" : "font-medium"}>{FLAG_LABELS[flag.kind]}</span>
      <span>{flag.courier}</span>
      <span className="font-mono text-xs">{flag.trackingNumber}</span>
      {flag.orderId && <span>#{orderNumber(flag.orderId)}</span>}
      <span className="text-muted">
        expected {flag.expected === null ? "—" : formatRs(flag.expected)} · received{" "}
        {flag.received === null ? "—" : formatRs(flag.received)}
      </span>
      <span className="ml-auto">
        {flag.resolved ? (
          <span className="text-xs text-muted">Resolved{flag.note ? `: ${flag.note}` : ""}</span>
        ) : editing ? (
          <span className="flex items-center gap-2">
            <Input
              aria-label={`Note for flag ${flag.id}`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="How it was settled"
              className="h-9 w-56"
            />
            <Button size="sm" onClick={save} disabled={!note.trim() || resolve.isPending}>
              Save
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Resolve
          </Button>
        )}
      </span>
    </li>
  );
}
