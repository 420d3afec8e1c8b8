import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { newStaffInput, type NewStaffInput, type StaffAccount, type StaffRole } from "@shared/schemas/staff.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { toastError } from "@client/lib/admin/toast-error";
import { Panel, ScrollTable } from "@client/components/admin/panel";
import { useAddStaff, useChangeStaff, useStaff } from "./staff-api";

/** The owner's Staff tab: who can log in, with which role; add, change role, disable, reset password. */
export function StaffTab() {
  const staff = useStaff();
  return (
    <div className="space-y-5">
      <Panel title="Staff accounts">
        {staff.isPending ? (
          <p className="text-sm text-muted">Loading staff…</p>
        ) : staff.isError ? (
          <p className="text-sm text-red-700">Could not load the staff list. Reload the page to try again.</p>
        ) : (
          <ScrollTable label="Staff accounts">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase text-muted">
                <tr>
                  <th className="py-2 pr-3">Username</th>
                  <th className="py-2 pr-3">Role</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {staff.data.map((account) => (
                  <StaffRow key={account.username} account={account} />
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Panel>
      <AddStaffForm />
    </div>
  );
}

function StaffRow({ account }: { account: StaffAccount }) {
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

function AddStaffForm() {
  const add = useAddStaff();
  const form = useForm<NewStaffInput>({
    resolver: zodResolver(newStaffInput),
    defaultValues: { username: "", password: "", role: "agent" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (account) => {
        toast.success(`${account.username} can now log in as ${account.role}`);
        form.reset();
      },
      onError: (error) => toastError(error),
    }),
  );
  return (
    <Panel title="Add a staff member">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <Field id="staff-username" label="Username" error={errors.username?.message}>
          <Input id="staff-username" autoComplete="off" {...form.register("username")} />
        </Field>
        <Field id="staff-password" label="Password" error={errors.password?.message}>
          <Input id="staff-password" type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Field id="staff-role" label="Role">
          <NativeSelect id="staff-role" {...form.register("role")}>
            <option value="agent">Agent (orders, customers, notes)</option>
            <option value="owner">Owner (everything)</option>
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add staff member"}
        </Button>
      </form>
    </Panel>
  );
}
