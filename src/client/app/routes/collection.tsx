export default function CollectionRoute() {
  return <div className="p-8">Collection</div>;
}
