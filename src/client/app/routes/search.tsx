export default function SearchRoute() {
  return <div className="p-8">Search</div>;
}
