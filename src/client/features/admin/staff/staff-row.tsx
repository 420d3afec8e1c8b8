import { useState } from "react";
import { toast } from "sonner";
import type { StaffAccount, StaffRole } from "@shared/schemas/staff.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { toastError } from "@client/lib/admin/toast-error";
import { useChangeStaff } from "./staff-api";

/** One account: its role, disabling it, and a new password set by the owner. */
export function StaffRow({ account }: { account: StaffAccount }) {
  const change = useChangeStaff();
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState("");
  const apply = (patch: Parameters<typeof change.mutate>[0]["change"], done: string) =>
    change.mutate(
      { username: account.username, change: patch },
      { onSuccess: () => toast.success(done), onError: (error) => toastError(error) },
    );
  return (
    <tr className="border-t border-ink/5 align-top" data-username={account.username}>
      <td className="py-2 pr-3 font-medium">{account.username}</td>
      <td className="py-2 pr-3">
        <NativeSelect
          aria-label={`Role of ${account.username}`}
          value={account.role}
          disabled={change.isPending}
          onChange={(e) => apply({ role: e.target.value as StaffRole }, `${account.username} is now ${e.target.value}`)}
        >
          <option value="agent">Agent</option>
          <option value="owner">Owner</option>
        </NativeSelect>
      </td>
      <td className="py-2 pr-3">{account.disabled ? "Disabled" : "Active"}</td>
      <td className="space-y-2 py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() =>
              apply(
                { disabled: !account.disabled },
                account.disabled
                  ? `${account.username} can log in again`
                  : `${account.username} is disabled and logged out`,
              )
            }
          >
            {account.disabled ? "Enable" : "Disable"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setResetting((v) => !v)}>
            Reset password
          </Button>
        </div>
        {resetting && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (password.length < 8) return toast.error("Enter a password of at least 8 characters");
              apply({ password }, `New password set; ${account.username} was logged out`);
              setPassword("");
              setResetting(false);
            }}
          >
            <Input
              type="password"
              autoComplete="new-password"
              aria-label={`New password for ${account.username}`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="max-w-56"
            />
            <Button size="sm" type="submit">
              Set password
            </Button>
          </form>
        )}
      </td>
    </tr>
  );
}
