import { CartPage } from "@client/features/cart/cart-page";

export default function CartRoute() {
  return <CartPage />;
}
