import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { newStaffInput, type NewStaffInput } from "@shared/schemas/staff.js";
import { Panel } from "@client/components/admin/panel";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { toastError } from "@client/lib/admin/toast-error";
import { useAddStaff } from "./staff-api";

/** A new login for the shop, checked against the same schema the server uses. */
export function AddStaffForm() {
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
