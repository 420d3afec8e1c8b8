export default function ProductRoute() {
  return <div className="p-8">Product</div>;
}
