import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { loginInput } from "@shared/schemas/admin.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { ApiError } from "@client/lib/api";
import { useLogin } from "./admin-auth-api";

type LoginValues = z.infer<typeof loginInput>;

/** The admin's door. The form is a real <form>, so Enter in either field submits. */
export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginInput),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => toast.success("Login Successful", { description: "Welcome to the admin panel!" }),
      onError: (error) => {
        const throttled = error instanceof ApiError && error.status === 429;
        toast.error("Login Failed", { description: throttled ? error.userMessage : "Invalid username or password." });
        form.setValue("password", "");
      },
    }),
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-cream px-4 py-10">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm space-y-5 rounded-2xl bg-white p-6 shadow-xl shadow-ink/5 sm:p-8"
      >
        <div className="space-y-2 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-rose/10 text-rose">
            <LockKeyhole className="h-5 w-5" aria-hidden />
          </span>
          <h1 className="font-display text-2xl font-semibold">Admin Login</h1>
          <p className="text-sm text-muted">Sign in to manage the store.</p>
        </div>
        <Field id="admin-username" label="Username" error={errors.username?.message}>
          <Input
            id="admin-username"
            autoComplete="username"
            aria-invalid={!!errors.username}
            {...form.register("username")}
          />
        </Field>
        <Field id="admin-password" label="Password" error={errors.password?.message}>
          <Input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            {...form.register("password")}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
      </form>
    </main>
  );
}
