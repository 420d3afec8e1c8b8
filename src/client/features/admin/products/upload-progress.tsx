/** How far the product's photos have gone up, then that the server is processing them. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div role="status" className="space-y-1">
      <p className="text-sm text-muted">{percent < 100 ? `Uploading… ${percent}%` : "Processing images…"}</p>
      <div className="h-1.5 overflow-hidden rounded-full bg-ink/10">
        <div className="h-full rounded-full bg-rose transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
