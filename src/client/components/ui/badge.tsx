import type { HTMLAttributes } from "react";
import { cn } from "@client/lib/cn";

export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", className)}
      {...props}
    />
  );
}

const STATUS_COLOURS: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  processing: "bg-blue-100 text-blue-900",
  shipped: "bg-purple-100 text-purple-900",
  delivered: "bg-green-100 text-green-900",
  returned: "bg-orange-100 text-orange-900",
  cancelled: "bg-red-100 text-red-900",
};

/** Order status badge: pending yellow, processing blue, shipped purple, delivered green, returned orange, cancelled red. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge className={STATUS_COLOURS[status] ?? "bg-gray-100 text-gray-900"}>
      {label ?? status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
