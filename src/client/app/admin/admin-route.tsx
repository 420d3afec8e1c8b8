export default function AdminRoute() {
  return <div className="p-8">Admin</div>;
}
