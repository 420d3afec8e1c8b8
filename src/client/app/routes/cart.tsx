export default function CartRoute() {
  return <div className="p-8">Cart</div>;
}
