import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { errorMessage } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { useBlocklist, useBlockPhone, useUnblockPhone } from "./fraud-admin-api";

/** Numbers refused at checkout: add one (any spelling) with a reason, or remove it. */
export function BlocklistPanel() {
  const list = useBlocklist();
  const block = useBlockPhone();
  const unblock = useUnblockPhone();
  const [phone, setPhone] = useState("");
  const [reason, setReason] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    block.mutate(
      { phone, reason },
      {
        onSuccess: () => {
          toast.success("Number blocked", { description: `${phone} can no longer place orders online.` });
          setPhone("");
          setReason("");
        },
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-label="Block a number"
      >
        <Field id="block-phone" label="Phone number">
          <Input id="block-phone" value={phone} placeholder="0300 1234567" onChange={(e) => setPhone(e.target.value)} />
        </Field>
        <Field id="block-reason" label="Reason (for staff)">
          <Input id="block-reason" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Button type="submit" disabled={block.isPending || phone.trim() === ""}>
          Block
        </Button>
      </form>
      {list.isError ? (
        <p className="text-sm text-red-700">{errorMessage(list.error)}</p>
      ) : list.data?.length === 0 ? (
        <p className="text-sm text-muted">No blocked numbers.</p>
      ) : (
        <ul aria-label="Blocked numbers" className="divide-y divide-ink/5 text-sm">
          {list.data?.map((b) => (
            <li key={b.phone} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-medium">{b.phone}</span>
                {b.reason && <span className="text-muted"> · {b.reason}</span>}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(b.phone, { onError: (error) => toastError(error) })}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
