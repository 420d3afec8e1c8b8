import { useEffect } from "react";
import { toast } from "@client/lib/toast";
import { errorMessage } from "@client/lib/api";

/** The spec's 'Failed to fetch products' toast, once per failure. */
export function useFetchErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast.error("Failed to fetch products", { description: errorMessage(error) });
  }, [error]);
}
