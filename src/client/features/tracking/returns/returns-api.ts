import { useMutation } from "@tanstack/react-query";
import type { CustomerReturn, ReturnRequestInput } from "@shared/schemas/returns.js";
import { api } from "@client/lib/api";

/** POST /api/returns: the request as 'returnData' and up to 3 photos. */
export function useRequestReturn() {
  return useMutation({
    mutationFn: ({ input, photos }: { input: ReturnRequestInput; photos: File[] }) => {
      const form = new FormData();
      form.append("returnData", JSON.stringify(input));
      for (const photo of photos) form.append("photos", photo, photo.name);
      return api<CustomerReturn>("/api/returns", { method: "POST", form });
    },
  });
}
