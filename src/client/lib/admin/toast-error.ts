import { toast } from "sonner";
import { errorMessage } from "@client/lib/api";

/** The spec's failure toast for admin mutations: 'Error' with what went wrong. */
export function toastError(error: unknown, prefix?: string): void {
  const message = errorMessage(error);
  toast.error("Error", { description: prefix ? `${prefix}: ${message}` : message });
}
