import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { errorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { useRestoreCart } from "@client/lib/winback-api";

/**
 * A reminder's link (`/cart?restore={token}`) fills this browser's cart with the saved lines, on
 * any device, once; then the token leaves the address. A link that no longer works says why.
 */
export function useRestoreFromLink(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get("restore");
  const { mutate } = useRestoreCart();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    mutate(token, {
      onSuccess: () => toast.success("Your cart is back", { description: "Finish your order when you are ready." }),
      onError: (error) => toast.error("This link did not work", { description: errorMessage(error) }),
      onSettled: () => {
        const next = new URLSearchParams(params);
        next.delete("restore");
        setParams(next, { replace: true });
      },
    });
  }, [token, mutate, params, setParams]);
}
