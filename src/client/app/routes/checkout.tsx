import { CheckoutPage } from "@client/features/checkout/checkout-page";

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
