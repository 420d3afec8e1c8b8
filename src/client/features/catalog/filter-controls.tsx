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
  disabled,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className={cn(optionClass, disabled && "cursor-default opacity-50 hover:text-inherit")}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="h-4 w-4 rounded accent-ink"
      />
      {children}
    </label>
  );
}
