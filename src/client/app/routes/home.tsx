export default function HomeRoute() {
  return <div className="p-8">Home</div>;
}
