export default function TrackOrdersDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
