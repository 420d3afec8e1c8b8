export default function SettingsRoute() {
  return <div className="p-8">Website Settings</div>;
}
