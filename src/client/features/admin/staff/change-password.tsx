import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { passwordChange, type PasswordChange } from "@shared/schemas/staff.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { toastError } from "@client/lib/admin/toast-error";
import { Panel } from "@client/components/admin/panel";
import { useChangeOwnPassword } from "./staff-api";

/** Everyone's own password. Other devices are logged out; this one stays logged in. */
export function ChangePasswordTab() {
  const change = useChangeOwnPassword();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChange),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success("Password changed", { description: "You were logged out on every other device." });
        form.reset();
      },
      onError: (error) => toastError(error),
    }),
  );
  return (
    <Panel title="Change password" className="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
          />
        </Field>
        <Field id="new-password" label="New password" hint="At least 8 characters" error={errors.newPassword?.message}>
          <Input id="new-password" type="password" autoComplete="new-password" {...form.register("newPassword")} />
        </Field>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Saving..." : "Change password"}
        </Button>
      </form>
    </Panel>
  );
}
