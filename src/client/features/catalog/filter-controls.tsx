import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

/** A checkbox or radio row of the panel. */
export const optionClass = "flex cursor-pointer items-center gap-2.5 rounded-lg py-1.5 text-sm hover:text-rose";

/** One titled block of the filter panel. */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-muted">{legend}</legend>
      <div className="space-y-1">{children}</div>
    </fieldset>
  );
}

export function Check({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className={optionClass}>
      <input id={id} type="checkbox" checked={checked} onChange={onChange} className="h-4 w-4 rounded accent-ink" />
      {children}
    </label>
  );
}

/** A size, pressed while its filter is on. */
export function Chip({
  pressed,
  onClick,
  label,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={cn(
        "min-w-11 rounded-full border px-3 py-1.5 text-sm transition",
        pressed ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
      )}
    >
      {children}
    </button>
  );
}
