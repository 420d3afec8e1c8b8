export default function ShopRoute() {
  return <div className="p-8">Shop</div>;
}
