import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

/** One headline figure: label, value, a line of context. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  className,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      className={cn("rounded-2xl border border-ink/5 bg-white p-4 shadow-sm sm:p-5", className)}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-xs font-medium uppercase tracking-wider text-muted">{label}</h3>
        {Icon && (
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-rose/10 text-rose">
            <Icon className="h-4 w-4" aria-hidden />
          </span>
        )}
      </div>
      <p className="mt-2 font-display text-2xl font-semibold tracking-tight sm:text-[1.7rem]" data-testid="stat-value">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </section>
  );
}
