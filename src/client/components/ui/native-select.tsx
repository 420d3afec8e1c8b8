import type { SelectHTMLAttributes } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@client/lib/cn";

/** The browser's own select, styled: best on phones (native picker) and for screen readers. */
export function NativeSelect({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="w-full cursor-pointer appearance-none rounded-lg border border-ink/15 bg-white py-2.5 pl-3 pr-9 text-base text-ink focus-visible:outline-2 focus-visible:outline-rose disabled:opacity-60 sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
