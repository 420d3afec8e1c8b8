import { useMutation } from "@tanstack/react-query";
import type { AdvanceAnswer } from "@shared/schemas/advance.js";
import type { PaymentMethod } from "@shared/rules/advance.js";
import { api } from "@client/lib/api";

export interface ProofForm {
  orderId: string;
  phone: string;
  method: PaymentMethod;
  reference: string;
  image: File;
}

/** POST /api/orders/{id}/payment-proof: a photo or screenshot of the transfer, from the order's phone. */
export function useSendPaymentProof() {
  return useMutation({
    mutationFn: ({ orderId, phone, method, reference, image }: ProofForm) => {
      const form = new FormData();
      form.append("phone", phone);
      form.append("method", method);
      form.append("reference", reference);
      form.append("image", image, image.name);
      return api<AdvanceAnswer>(`/api/orders/${orderId}/payment-proof`, { method: "POST", form });
    },
  });
}

/** POST /api/orders/{id}/pay-link: the online gateway's page for the amount due (when connected). */
export function usePayLink() {
  return useMutation({
    mutationFn: ({ orderId, phone }: { orderId: string; phone: string }) =>
      api<{ url: string }>(`/api/orders/${orderId}/pay-link`, { method: "POST", json: { phone } }),
  });
}
