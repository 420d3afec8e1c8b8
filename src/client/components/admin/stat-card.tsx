import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

/** One headline figure: label, value, a line of context. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  compact,
  className,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  /** Smaller, for the strip above the tabs (a phone shows it before every tab). */
  compact?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      className={cn(
        "rounded-2xl border border-ink/5 bg-white shadow-sm",
        compact ? "px-3.5 py-3 sm:p-4" : "p-4 sm:p-5",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-xs font-medium uppercase tracking-wider text-muted">{label}</h3>
        {Icon && (
          <span
            className={cn(
              "h-8 w-8 shrink-0 items-center justify-center rounded-full bg-rose/10 text-rose",
              compact ? "hidden sm:flex" : "flex",
            )}
          >
            <Icon className="h-4 w-4" aria-hidden />
          </span>
        )}
      </div>
      <p
        className={cn(
          "font-display font-semibold tracking-tight",
          compact ? "mt-1 text-xl sm:text-2xl" : "mt-2 text-2xl sm:text-[1.7rem]",
        )}
        data-testid="stat-value"
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </section>
  );
}
