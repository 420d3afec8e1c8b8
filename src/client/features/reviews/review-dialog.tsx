export default function ReviewDialog(_props: { open: boolean; productId?: number; onOpenChange: (open: boolean) => void }) {
  return null;
}
