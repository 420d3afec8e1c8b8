import { Button } from "@client/components/ui/button";

/** Previous and next for a list the server pages by offset, with where the page stands in the whole. */
export function OffsetPager({
  label,
  offset,
  pageSize,
  total,
  onOffset,
  previousLabel = "Previous",
  nextLabel = "Next",
}: {
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
  previousLabel?: string;
  nextLabel?: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-muted">
        {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          {previousLabel}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + pageSize >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}
