export default function CheckoutRoute() {
  return <div className="p-8">Checkout</div>;
}
